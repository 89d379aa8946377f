import torch
x = torch.zeros(4)
print(x.as_strided((2, 2), (2**62, 2**62)))
