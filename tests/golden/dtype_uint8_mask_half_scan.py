# A uint8 index tensor is a deprecated mask (UserWarning on stderr); float16 scans accumulate in float.
import torch
x = torch.tensor([1, 2, 3])
m = torch.tensor([1, 0, 1], dtype=torch.uint8)
print(x[m])
x[m] = 0
print(x)
h = torch.tensor([0.1, 0.2, 0.3, 1000.0], dtype=torch.half)
print(h.cumsum(0))
print(h.cumprod(0))
print(torch.tensor([3, 1, 2], dtype=torch.half).sort())
