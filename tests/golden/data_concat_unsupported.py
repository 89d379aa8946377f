import torch
from torch.utils.data import TensorDataset
a = TensorDataset(torch.zeros(2))
print(len(a))
a + a
