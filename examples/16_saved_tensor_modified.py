# title: In-place ops and version counters: the saved-tensor error
# title.zh: 原地操作与版本计数器：被保存张量的报错
# intro: Many backward formulas need values from the forward pass, so autograd saves those tensors together with their version number. Every in-place op bumps the version counter of the tensor it writes.
# intro: When backward runs, each saved tensor's version is compared with the one recorded. `sigmoid` saves its output; multiply that output in place and backward refuses, because the value it needs is gone.
# intro.zh: 很多反向传播公式需要前向计算时的数值，所以自动求导会把这些张量连同它们的版本号一起保存。每次原地操作都会让被写入张量的版本计数器加一。
# intro.zh: 反向传播时，会拿每个被保存张量的当前版本与记录的版本比较。`sigmoid` 保存它的输出；如果原地修改这个输出，反向传播就会拒绝执行，因为它需要的值已经没了。
import torch

a = torch.tensor([1., 2., 3.], requires_grad=True)
# note(b): SigmoidBackward0 saved `b` itself (its result) at version 0.
# note.zh(b): SigmoidBackward0 保存的是 `b` 本身（它的结果），当时版本为 0。
b = a.sigmoid()
print(b._version)
# ask: What is `b._version` after `b.mul_(2)`?
# ask.zh: 执行 `b.mul_(2)` 之后，`b._version` 是多少？
# answer: value(b._version)
# choices: 0 | 1 | 2
b.mul_(2)
print(b._version, b.grad_fn.name())
b.sum().backward()
