import torch
x = torch.tensor(1.0, requires_grad=True)
y = x
for i in range(150000):
    y = y * 1.0
g, = torch.autograd.grad(y, x)
print(g)
