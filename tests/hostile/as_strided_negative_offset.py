import torch
x = torch.arange(6.)
y = x.as_strided((2,), (1,), -1)
