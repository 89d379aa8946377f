import torch
import torch.nn as nn
torch.manual_seed(0)
f = nn.Linear(3, 2)
print(f.weight)
print(f.bias)
torch.manual_seed(0)
a = nn.Linear(2, 2)
b = nn.Linear(2, 1)
print(b.weight, b.bias)
