import torch
a = torch.zeros(3)
b = torch.ones(1, requires_grad=True)
a[0] = b
print(a)
a.sum().backward()
print(b.grad)
c = torch.zeros(2, 3)
c[0] = torch.tensor([[1., 2., 3.]])
print(c)
