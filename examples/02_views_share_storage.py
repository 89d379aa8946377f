# A view shares its base's storage; sizes, strides and the offset decide which cells it reads.
import torch

x = torch.arange(6.)
y = x.view(2, 3)
print(y)
print(y.stride(), y.storage_offset())
t = y.t()
print(t.stride(), t.is_contiguous())
col = y[:, 1]
print(col, col.stride(), col.storage_offset())
col += 100
print(x)
print(x._version, y._version, col._version)
print(y._base is x, col._base is x)
