# title: requires_grad, leaves and retain_grad()
# title.zh: requires_grad、叶子张量与 retain_grad()
# intro: A tensor you create with `requires_grad=True` is a leaf: autograd stores its gradient in `.grad`. Every result computed from it records a `grad_fn`, the node that backward will run.
# intro: After `backward()`, only leaves get `.grad`. An intermediate result keeps no gradient unless you ask for one with `retain_grad()` before running backward.
# intro.zh: 用 `requires_grad=True` 创建的张量是叶子张量：自动求导会把它的梯度放进 `.grad`。由它算出的每个结果都会记录一个 `grad_fn`，也就是反向传播时要执行的节点。
# intro.zh: 调用 `backward()` 之后，只有叶子张量会得到 `.grad`。中间结果默认不保留梯度，除非你在反向传播之前对它调用 `retain_grad()`。
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
# note(y): `y` is not a leaf: its `grad_fn` is MulBackward0, the node that knows how to send a gradient back to `x`.
# note.zh(y): `y` 不是叶子张量：它的 `grad_fn` 是 MulBackward0，这个节点知道如何把梯度传回 `x`。
y = x * x
y.retain_grad()
z = y.sum()
print(y)
print(z)
print(x.is_leaf, y.is_leaf, z.is_leaf)
print(y.grad_fn.name(), z.grad_fn.name())
c = torch.ones(3)
print(c.requires_grad, c.is_leaf)
# ask: What is `x.grad` after `z.backward()`?
# ask.zh: `z.backward()` 之后，`x.grad` 是多少？
# answer: value(x.grad)
# choices: None | tensor([1., 1., 1.]) | tensor([2., 4., 6.]) | tensor([1., 4., 9.])
z.backward()
# note(x): The gradient of sum(x²) is 2x: it landed in `x.grad`. `y.grad` is there only because of `retain_grad()`.
# note.zh(x): sum(x²) 的梯度是 2x，它落在了 `x.grad` 里。`y.grad` 之所以存在，只是因为调用了 `retain_grad()`。
print(x.grad)
print(y.grad)
