import torch
from torch.utils.data import DataLoader, default_collate
class P:
    pass
print(default_collate([torch.Size([2, 3]), torch.Size([4, 5])]))
print(next(iter(DataLoader([(1, "a"), (2, "b")], batch_size=2))))
print(list(DataLoader(range(5), batch_size=2)))
try:
    default_collate([P(), P()])
except TypeError as e:
    print(e)
try:
    default_collate([None])
except TypeError as e:
    print(e)
try:
    default_collate([[1, 2], [3]])
except RuntimeError as e:
    print(e)
