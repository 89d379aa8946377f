# 1,000 in-place statements on a 1,000-element tensor holding sequential values
import torch
x = torch.arange(1000.)
for i in range(1000):
    x[i] += 1
print(x.sum())
