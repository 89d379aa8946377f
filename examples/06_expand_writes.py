# title: expand() and stride 0: which writes work
# title.zh: expand() 与步长 0：哪些写入能成功
# intro: `expand()` repeats a tensor without copying: the repeated dimension gets stride 0, so every row reads the same cells. That makes it free, and it makes writing into it tricky.
# intro: An in-place op that computes a different value per element (`add_`, `copy_` from a tensor) would write several results into one memory cell, so PyTorch refuses. `fill_` and assigning a scalar write the same value everywhere, so the overlap is harmless and PyTorch allows them.
# intro.zh: `expand()` 不复制就能把张量“重复”出来：被重复的那一维步长为 0，每一行读的都是同样的单元。所以它不花内存，但往里写东西就要小心了。
# intro.zh: 逐元素算出不同结果的原地操作（`add_`、从张量 `copy_`）会把好几个结果写进同一个内存单元，所以 PyTorch 拒绝执行。`fill_` 和标量赋值在每个位置写的都是同一个值，重叠无害，所以 PyTorch 允许。
import torch

a = torch.tensor([1., 2., 3.])
# note(e): Look at the lane of `e`: stride 0 in the first dimension, so rows 0, 1 and 2 all read cells 0 to 2.
# note.zh(e): 看 `e` 的通道：第一维步长为 0，所以第 0、1、2 行读的都是第 0 到 2 个单元。
e = a.expand(3, 3)
print(e.stride(), e.data_ptr() == a.data_ptr())
try:
    e.add_(1)
except RuntimeError as err:
    print(err)
try:
    e.copy_(torch.zeros(3, 3))
except RuntimeError as err:
    print(err)
# ask: Which cells of `a` does `e.fill_(7)` change?
# ask.zh: `e.fill_(7)` 会改变 `a` 的哪些单元？
# answer: changed(a)
# choices: none | a[0] | a[0], a[1], a[2]
e.fill_(7)
print(a)
# note(a): Writing one element of `e` writes the cell every row shares: `a[1]` is 5 now, and so is column 1 of `e`.
# note.zh(a): 写 `e` 的一个元素，就是写所有行共享的那个单元：现在 `a[1]` 是 5，`e` 的第 1 列也全是 5。
e[0, 1] = 5
print(e)
print(a._version)
