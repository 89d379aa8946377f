import torch
x = torch.zeros(2, 3)
x[0] = 1
x[1, 1:] = torch.tensor([2., 3.])
x[:, 0] += 5
print(x)
print(x._version)
y = torch.arange(5)
y[y > 2] = 0
print(y)
y[[0, 1]] = torch.tensor([9, 8])
print(y)
z = torch.tensor([1, 2, 3])
z[0] = 2.7
print(z)
w = torch.zeros(2, 2)
w[:] = torch.tensor([1., 2.])
print(w)
