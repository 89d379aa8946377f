# title: copy_(): broadcasting, dtype and device kept
# title.zh: copy_()：广播，且保留 dtype 和设备
# intro: `dst.copy_(src)` writes the values of `src` into the memory `dst` already has. `src` is broadcast to `dst`'s shape, its values are converted to `dst`'s dtype, and `dst` stays on its device: `copy_` never changes the destination's shape, dtype, device or storage.
# intro: Compare with `dst = src.to(...)`, which makes a new tensor and moves the name.
# intro.zh: `dst.copy_(src)` 把 `src` 的数值写进 `dst` 已有的内存。`src` 会广播成 `dst` 的形状，数值会转换成 `dst` 的 dtype，`dst` 也留在原来的设备上：`copy_` 从不改变目标的形状、dtype、设备或存储。
# intro.zh: 对比一下 `dst = src.to(...)`：它会创建一个新张量，再把名字移过去。
import torch

dst = torch.zeros(2, 3)
ptr = dst.data_ptr()
# ask: Which elements of `dst` does `dst.copy_(torch.tensor([1., 2., 3.]))` change?
# ask.zh: `dst.copy_(torch.tensor([1., 2., 3.]))` 会改变 `dst` 的哪些元素？
# answer: changed(dst)
# choices: dst[0, 0], dst[0, 1], dst[0, 2] | dst[0, 0], dst[0, 1], dst[0, 2], dst[1, 0], dst[1, 1], dst[1, 2] | none
dst.copy_(torch.tensor([1., 2., 3.]))
# note(dst): The row `[1, 2, 3]` was broadcast to both rows of `dst`, written into the same storage: the address did not change.
# note.zh(dst): 行 `[1, 2, 3]` 被广播到 `dst` 的两行，写进的还是同一块存储：地址没有变。
print(dst)
print(dst.data_ptr() == ptr, dst._version)
ints = torch.zeros(3, dtype=torch.int64)
ints.copy_(torch.tensor([1.7, -2.5, 3.2]))
print(ints, ints.dtype)
floats = torch.empty(3)
floats.copy_(ints)
print(floats, floats.dtype, floats.device)
moved = ints.to(torch.float32)
print(moved.data_ptr() == ints.data_ptr(), moved.dtype)
