import torch
import torch.nn.functional as F
x = torch.tensor([[0, 1, 0], [2, 0, 3]])
print(torch.nonzero(x))
print(x.nonzero(as_tuple=True))
print(torch.argwhere(x))
print(torch.count_nonzero(x), x.count_nonzero(dim=0), torch.count_nonzero(x, dim=(0, 1)))
print(torch.nonzero(torch.tensor(5.0)), torch.nonzero(torch.tensor(5.0), as_tuple=True))
print(torch.nonzero(torch.zeros(3)))
f = torch.tensor([0.5, 0.0, -1.0], requires_grad=True)
nz = f.nonzero()
print(nz, nz.requires_grad, f.count_nonzero().dtype)
u = torch.tensor([3, 1, 2, 3, 1, 5])
print(torch.unique(u))
out, inv = torch.unique(u, return_inverse=True)
print(out, inv)
out, cnt = u.unique(return_counts=True)
print(cnt)
print(torch.unique(u, sorted=False, return_inverse=True, return_counts=True))
m = torch.tensor([[1.5, float('nan')], [1.5, float('nan')]])
print(m.unique(return_counts=True))
print(torch.tensor([True, False, True]).unique())
print(F.one_hot(torch.tensor([0, 2, 1])))
print(F.one_hot(torch.tensor([[1], [0]]), num_classes=3))
print(F.one_hot(torch.tensor([], dtype=torch.long), 4).shape)
try:
    F.one_hot(torch.tensor([1.0]))
except RuntimeError as e:
    print(e)
try:
    F.one_hot(torch.tensor([-1]))
except RuntimeError as e:
    print(e)
try:
    F.one_hot(torch.tensor([3]), 3)
except RuntimeError as e:
    print(e)
try:
    F.one_hot(torch.tensor([], dtype=torch.long))
except RuntimeError as e:
    print(e)
g = torch.tensor([2.0, 1.0, 2.0], requires_grad=True)
ug = g.unique()
print(ug)
ug.sum().backward()
