# title: nn.Linear and one SGD step: where each gradient lands
# title.zh: nn.Linear 与一步 SGD：每个梯度落在哪里
# intro: `nn.Linear(2, 1)` holds two parameters, `weight` (1×2) and `bias` (1), both leaves that require grad. A forward pass computes `x @ weight.T + bias`; `backward()` puts a gradient into each parameter's `.grad`.
# intro: `optimizer.step()` then updates every parameter in place: `p -= lr * p.grad`. The parameters keep their storages; only the values change, and each version counter goes up.
# intro.zh: `nn.Linear(2, 1)` 有两个参数：`weight`（1×2）和 `bias`（1 个元素），都是需要梯度的叶子张量。前向计算是 `x @ weight.T + bias`；`backward()` 把梯度放进每个参数的 `.grad`。
# intro.zh: 然后 `optimizer.step()` 原地更新每个参数：`p -= lr * p.grad`。参数保留各自的存储，只是数值变了，版本计数器也各自加一。
import torch

torch.manual_seed(0)
lin = torch.nn.Linear(2, 1)
print(lin.weight)
print(lin.bias)
opt = torch.optim.SGD(lin.parameters(), lr=0.1)
x = torch.tensor([[1.0, 2.0]])
loss = lin(x).sum()
opt.zero_grad()
# ask: What is `lin.weight.grad` after backward?
# ask.zh: 反向传播之后，`lin.weight.grad` 是多少？
# answer: value(lin.weight.grad)
# choices: tensor([[1., 1.]]) | tensor([[1., 2.]]) | tensor([[0.1000, 0.2000]])
loss.backward()
# note(lin): The weight's gradient is the input `x`, and the bias's is 1: each landed in that parameter's `.grad`.
# note.zh(lin): 权重的梯度就是输入 `x`，偏置的梯度是 1：各自落在对应参数的 `.grad` 里。
print(lin.weight.grad, lin.bias.grad)
opt.step()
print(lin.weight)
print(lin.bias)
print(lin.weight._version, lin.bias._version)
