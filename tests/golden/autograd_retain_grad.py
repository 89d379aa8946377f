import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 3
y.retain_grad()
print(y.retains_grad, x.retains_grad)
y.sum().backward()
print(y.grad, x.grad)
