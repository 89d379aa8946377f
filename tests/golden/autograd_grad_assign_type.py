import torch
x = torch.ones(2, requires_grad=True)
x.grad = torch.zeros(2)
print(x.grad)
x.grad = None
print(x.grad)
x.grad = 5
