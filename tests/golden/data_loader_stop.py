import torch
from torch.utils.data import Dataset, DataLoader
class S(Dataset):
    def __len__(self):
        return 4
    def __getitem__(self, i):
        if i == 2:
            raise StopIteration
        return i
for b in DataLoader(S()):
    print(b)
print("after")
class I(Dataset):
    def __len__(self):
        return 4
    def __getitem__(self, i):
        if i == 2:
            raise IndexError("boom")
        return i
for b in DataLoader(I()):
    print(b)
