# title: clone() copies and stays in the graph
# title.zh: clone() 复制数据，但仍在计算图里
# intro: `clone()` gives a tensor with its own storage, so writing into the clone never touches the original. But it is an ordinary differentiable op: the clone records CloneBackward0, and a gradient that reaches the clone flows back to the original and accumulates there.
# intro: Here `a` is used twice: through its clone `b` and directly. Both paths add into `a.grad`, except for the element of `b` we overwrote, which no longer depends on `a`.
# intro.zh: `clone()` 得到的张量拥有自己的存储，所以往副本里写永远不会影响原张量。但它是一个普通的可求导操作：副本记录了 CloneBackward0，到达副本的梯度会流回原张量并在那里累加。
# intro.zh: 这里 `a` 被用了两次：一次经过它的副本 `b`，一次直接使用。两条路径的梯度都会加进 `a.grad`，只有我们覆盖掉的那个 `b` 元素例外，因为它已经不再依赖 `a`。
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
# note(b): `b` has its own storage (a new strip), and a `grad_fn`: CloneBackward0 links it back to `a`.
# note.zh(b): `b` 有自己的存储（一条新的存储条），还有 `grad_fn`：CloneBackward0 把它和 `a` 连在一起。
b = a.clone()
print(b)
print(b.data_ptr() == a.data_ptr())
b[0] = 10.0
print(a)
print(b)
loss = (b * 2).sum() + a.sum()
# ask: What is `a.grad` after `loss.backward()`?
# ask.zh: `loss.backward()` 之后，`a.grad` 是多少？
# answer: value(a.grad)
# choices: tensor([1., 1.]) | tensor([3., 3.]) | tensor([1., 3.]) | tensor([2., 2.])
loss.backward()
# note(a): Element 1 gets 2 through the clone plus 1 directly: 3. Element 0 of `b` was overwritten by 10, so only the direct path reaches it: 1.
# note.zh(a): 第 1 个元素经副本得到 2，直接得到 1，共 3。`b` 的第 0 个元素被 10 覆盖了，只剩直接那条路径：1。
print(a.grad)
