# title: clone().detach() or detach().clone()?
# title.zh: clone().detach() 还是 detach().clone()？
# intro: Both give the same thing: a new tensor with its own storage, no gradient history, not requiring grad. That is the tensor you want when you need an independent copy of a value.
# intro: The difference is cost. `clone().detach()` first clones inside the graph (autograd records a CloneBackward0 node) and then throws that node away. `detach().clone()` leaves the graph first, so the copy is never recorded. Prefer `detach().clone()`.
# intro.zh: 两种写法得到的东西一样：一个拥有自己存储、没有梯度历史、也不需要梯度的新张量。当你需要一份独立的数值副本时，要的就是它。
# intro.zh: 区别在于开销。`clone().detach()` 先在计算图里复制（自动求导记录一个 CloneBackward0 节点），然后再把节点丢掉；`detach().clone()` 先离开计算图，复制根本不会被记录。推荐用 `detach().clone()`。
import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a.clone().detach()
# ask: Does `c` share storage with `a`?
# ask.zh: `c` 和 `a` 共用存储吗？
# answer: shares(c, a)
c = a.detach().clone()
# note(c): `b` and `c` each own a new storage; neither has a `grad_fn`, and both are leaves that do not require grad.
# note.zh(c): `b` 和 `c` 各自拥有一块新存储；两者都没有 `grad_fn`，都是不需要梯度的叶子张量。
print(b, c)
print(b.requires_grad, c.requires_grad, b.is_leaf, c.is_leaf)
print(b.grad_fn, c.grad_fn)
print(b.data_ptr() == a.data_ptr(), c.data_ptr() == a.data_ptr())
b[0] = 9.0
c[1] = 9.0
print(a)
