import torch
x = torch.zeros(2)
x.resize_(2**40, 2**40)
print(x.numel())
