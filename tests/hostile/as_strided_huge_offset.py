import torch
x = torch.arange(6.)
print(x.as_strided((2,), (1,), 2**62))
