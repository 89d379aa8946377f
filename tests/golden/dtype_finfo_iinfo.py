import torch
fi = torch.finfo(torch.float32)
print(fi)
print(fi.eps, fi.max, fi.min, fi.tiny, fi.smallest_normal, fi.resolution, fi.bits, fi.dtype)
print(torch.finfo(torch.float64))
print(torch.finfo())
print(torch.finfo(torch.double).eps)
print(torch.iinfo(torch.int64))
ii = torch.iinfo(torch.int32)
print(ii, ii.max, ii.min, ii.bits, ii.dtype)
print(torch.finfo(torch.float).bits, torch.finfo(torch.float64).bits)
print(type(fi))
x = torch.tensor([1.0, 2.0])
print(x.masked_fill(torch.tensor([True, False]), torch.finfo(x.dtype).min))
try:
    torch.iinfo(torch.bool)
except TypeError as e:
    print(e)
try:
    torch.iinfo(torch.float32)
except TypeError as e:
    print(e)
torch.finfo(torch.int64)
