import torch
x = torch.tensor([[1, 2], [3, 4]])
print(x.repeat(2, 1))
print(torch.tensor([1, 2]).repeat(2, 2))
print(x.masked_fill(x > 2, 0), x.masked_fill(x > 2, 1.5).dtype)
x.masked_fill_(x == 1, -1)
print(x, x._version)
y = torch.ones(2, requires_grad=True)
