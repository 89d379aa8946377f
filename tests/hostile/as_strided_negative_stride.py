import torch
x = torch.arange(6.)
print(x.as_strided((3,), (-1,)))
