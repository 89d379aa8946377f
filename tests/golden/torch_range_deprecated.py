# torch.range (deprecated): both ends included, default dtype even for ints, warns (RangeFactories.cpp range_out).
import torch
print(torch.range(1, 4))
print(torch.range(0, 1, 0.25))
print(torch.range(1, 4, dtype=torch.int64))
for i in range(2):
    r = torch.range(0, 2)
print(r)
print(torch.range(0, 1, 0.3))
torch.range(3, 1)
