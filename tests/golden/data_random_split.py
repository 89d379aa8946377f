import torch
from torch.utils.data import TensorDataset, DataLoader, Subset, random_split

torch.manual_seed(0)
ds = TensorDataset(torch.arange(10) * 1.5)
train, val = random_split(ds, [7, 3])
print(type(train).__name__, len(train), len(val))
print(train.indices, val.indices)
print(val[0], val[2])
a, b, c = random_split(range(10), [0.5, 0.3, 0.2])
print(a.indices, b.indices, c.indices, list(b))
loader = DataLoader(train, batch_size=3, shuffle=True)
print([b[0].tolist() for b in loader])
print(torch.empty((), dtype=torch.int64).random_().item())
s = Subset(ds, [9, 0])
print(s[1], len(s))
print(torch.empty(3, dtype=torch.int64).random_())
