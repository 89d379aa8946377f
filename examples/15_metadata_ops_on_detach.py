# title: resize_, set_ and transpose_ on .data and detach()
# title.zh: 对 .data 和 detach() 的结果调用 resize_、set_、transpose_
# intro: Some in-place ops change a tensor's metadata (sizes, strides, even which storage it uses) rather than its values: `resize_`, `set_`, `transpose_`. Before PyTorch 1.13, calling them on a tensor you got from `.data` or `detach()` raised an error. Since 1.13 they are allowed.
# intro: What they change is the header of the detached tensor only. The original keeps its own sizes, strides and storage: the two headers simply stop describing the same view of memory. Values written afterwards through a header that still points at the shared storage still reach the original.
# intro.zh: 有些原地操作改变的不是数值，而是张量的元数据（形状、步长，甚至所用的存储）：`resize_`、`set_`、`transpose_`。在 PyTorch 1.13 之前，对 `.data` 或 `detach()` 得到的张量调用它们会报错；从 1.13 起允许了。
# intro.zh: 它们只改变分离出来的那个张量的头部。原张量保留自己的形状、步长和存储：两个头部只是不再以同样的方式描述那块内存。之后如果通过仍指向共享存储的头部写入数值，原张量依然会看到。
import torch

a = torch.tensor([[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]], requires_grad=True)
d = a.detach()
# note(d): Only the header of `d` changed: shape (3, 2), strides (1, 3). `a` is still 2×3 and reads the same storage.
# note.zh(d): 只有 `d` 的头部变了：形状 (3, 2)，步长 (1, 3)。`a` 仍是 2×3，读的还是同一块存储。
d.transpose_(0, 1)
print(d.shape, d.stride(), a.shape, a.stride())
d.resize_(2)
print(d, a.shape)
d[1] = 50.0
print(a)
e = a.data
# ask: After `e.set_(torch.zeros(4))`, does `e` still share storage with `a`?
# ask.zh: 执行 `e.set_(torch.zeros(4))` 之后，`e` 还和 `a` 共用存储吗？
# answer: shares(e, a)
e.set_(torch.zeros(4))
# note(e): `set_` pointed `e` at a new storage of four zeros. `a` did not move.
# note.zh(e): `set_` 让 `e` 指向了一块新的、装着四个零的存储。`a` 没有动。
print(e)
print(a)
print(e.data_ptr() == a.data_ptr())
