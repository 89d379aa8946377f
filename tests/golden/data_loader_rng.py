import torch
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
ds = TensorDataset(torch.arange(6), torch.arange(6) * 10)
print(len(ds), ds[2])
for x, y in DataLoader(ds, batch_size=4):
    print(x, y)
print(torch.rand(3))
loader = DataLoader(ds, batch_size=4, shuffle=True)
for x, y in loader:
    print(x, y)
print(torch.randint(0, 100, (4,)))
print([x.tolist() for x, y in loader])
print(torch.rand(2))
