import torch
from torch.utils.data import DataLoader, TensorDataset

ds = TensorDataset(torch.arange(4))
try:
    DataLoader(ds, batch_size=0)
except ValueError as e:
    print("ValueError:", e)
try:
    DataLoader(ds, batch_size=None, drop_last=True)
except ValueError as e:
    print("ValueError:", e)
print([x for x in ds][3], len(DataLoader(ds, batch_size=3)))
DataLoader(ds, num_workers=2)
