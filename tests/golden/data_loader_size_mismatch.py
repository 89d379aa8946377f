import torch
from torch.utils.data import TensorDataset

TensorDataset(torch.zeros(3, 2), torch.zeros(4))
