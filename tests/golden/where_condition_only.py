# torch.where(condition) is torch.nonzero(condition, as_tuple=True): one int64 index tensor per dim.
import torch

c = torch.tensor([[1, 0, 3], [0, 5, 0]])
print(torch.where(c > 0))
rows, cols = torch.where(c > 2)
print(rows, cols)
print(c[torch.where(c > 2)])
print(torch.where(torch.tensor([0.0, 1.5, 0.0, -2.0])))
print(torch.where(torch.tensor([False, False])))
print(len(torch.where(torch.zeros(2, 3, 4))))
print(torch.where(torch.tensor(3)))
