import torch
m = torch.tensor([True, False])
print(~m, m.logical_not())
-m
