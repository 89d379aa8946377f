import torch
x = torch.ones(2, requires_grad=True)
torch.autograd.backward((x * 3).sum())
print(x.grad)
y = torch.tensor([2.0], requires_grad=True)
(g,) = torch.autograd.grad(y ** 3, y)
print(g, g.requires_grad)
