import torch
import torch.nn as nn
torch.manual_seed(0)
f = nn.Linear(2, 1)
print(f)
print(f.weight)
print(f.bias)
print(f.in_features, f.out_features)
y = f(torch.ones(1, 2))
print(y)
print([n for n, _ in f.named_parameters()])
print(isinstance(f.weight, nn.Parameter), isinstance(f.weight, torch.Tensor))
print(nn.Linear(3, 2, bias=False))
