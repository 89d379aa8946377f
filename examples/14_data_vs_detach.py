# title: .data vs detach(): a silent wrong gradient or a clear error
# title.zh: .data 与 detach()：悄无声息的错误梯度，还是明确的报错
# intro: `.data` and `detach()` both share storage with the original and both cut the graph. The difference is the version counter: `detach()` shares it, `.data` gets a fresh one.
# intro: sigmoid saves its output for backward. Zero that output through `.data` and autograd cannot tell: backward runs and returns a wrong gradient. Do the same through `detach()` and the shared version counter goes up, so backward stops with an error instead of lying.
# intro.zh: `.data` 和 `detach()` 都与原张量共用存储，也都切断了计算图。区别在版本计数器：`detach()` 共用原张量的计数器，`.data` 拿到的是一个新的。
# intro.zh: sigmoid 会为反向传播保存它的输出。通过 `.data` 把这个输出清零，自动求导毫无察觉：反向传播照常运行，给出错误的梯度。通过 `detach()` 做同样的事，共用的版本计数器会增加，于是反向传播报错，而不是给出错误结果。
import torch

a = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
b = a.sigmoid()
d = b.data
# note(b): `d` wrote zeros into the storage `b` shares, but `b._version` is still 0: autograd did not notice.
# note.zh(b): `d` 往 `b` 共用的存储里写了零，但 `b._version` 仍然是 0：自动求导没有察觉。
d.zero_()
print(b._version, d._version)
b.sum().backward()
print(a.grad)
a.grad = None
b = a.sigmoid()
# ask: Does `e` share storage with `b`?
# ask.zh: `e` 和 `b` 共用存储吗？
# answer: shares(e, b)
e = b.detach()
e.zero_()
# note(b): This time the write went through `detach()`, which shares the version counter: `b` is at version 1, but SigmoidBackward0 saved it at version 0.
# note.zh(b): 这次是通过 `detach()` 写入的，它共用版本计数器：`b` 的版本变成了 1，而 SigmoidBackward0 保存它时是版本 0。
print(b._version, e._version)
b.sum().backward()
