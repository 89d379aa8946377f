# title: new_tensor, new_zeros and new_ones keep dtype and device
# title.zh: new_tensor、new_zeros 和 new_ones 保留 dtype 和设备
# intro: `x.new_zeros(shape)`, `x.new_ones(shape)` and `x.new_tensor(data)` make a fresh tensor with `x`'s dtype and device, whatever the defaults are. Code that builds helper tensors this way works unchanged for float64 inputs or GPU inputs.
# intro: The new tensor never shares memory with `x`: only the dtype and device are borrowed.
# intro.zh: `x.new_zeros(shape)`、`x.new_ones(shape)` 和 `x.new_tensor(data)` 会创建一个新张量，使用 `x` 的 dtype 和设备，而不是默认值。用这种方式创建辅助张量的代码，对 float64 或 GPU 上的输入无需改动就能工作。
# intro.zh: 新张量从不与 `x` 共用内存：借用的只有 dtype 和设备。
import torch

x = torch.tensor([1.5, 2.5], dtype=torch.float64)
z = x.new_zeros(2, 2)
o = x.new_ones(3)
# ask: What is `n`?
# ask.zh: `n` 是什么？
# answer: value(n)
# choices: tensor([1, 2, 3]) | tensor([1., 2., 3.]) | tensor([1., 2., 3.], dtype=torch.float64)
n = x.new_tensor([1, 2, 3])
# note(n): `n` took float64 from `x` even though the data were integers.
# note.zh(n): 尽管数据是整数，`n` 还是沿用了 `x` 的 float64。
print(z)
print(o)
print(n)
print(torch.zeros(2).dtype, z.dtype, z.device)
i = torch.tensor([7, 8])
print(i.new_ones(2), i.new_zeros(1).dtype)
print(n.data_ptr() == x.data_ptr())
