import torch
a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor(a)
print(b)
print(b.requires_grad, b.is_leaf)
b[0] = 5
print(a)
c = torch.tensor(a, dtype=torch.int64)
print(c)
