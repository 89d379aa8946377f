import torch
import torch.utils.data
from torch.utils.data import Dataset, DataLoader

class Squares(Dataset):
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        print("get", i)
        return torch.tensor([float(i)]), i * i, i / 2

loader = DataLoader(Squares(5), batch_size=2)
print(len(loader), len(DataLoader(Squares(5), batch_size=2, drop_last=True)))
for x, y, z in loader:
    print("batch", x, y, z)
for b in DataLoader(Squares(5), batch_size=2, drop_last=True):
    print(type(b).__name__, b[0].shape, b[1].dtype, b[2].dtype)

class Dicts(Dataset):
    def __len__(self):
        return 3
    def __getitem__(self, i):
        return {"x": [i, i + 1], "name": "s" + str(i), "flag": i % 2 == 0}

for b in torch.utils.data.DataLoader(Dicts(), batch_size=3):
    print(b)
for s in DataLoader(Dicts(), batch_size=None):
    print(s)
print(len(DataLoader(Dicts(), batch_size=None)))
print(next(iter(DataLoader(Squares(3), batch_size=3, collate_fn=lambda batch: len(batch)))))
