# 1,000 in-place statements on a 1,000-element tensor holding random values
import torch
torch.manual_seed(0)
x = torch.rand(1000)
for i in range(1000):
    x[i] += 1
print(x.sum())
