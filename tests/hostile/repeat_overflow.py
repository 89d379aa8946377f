import torch
x = torch.zeros(2)
print(x.repeat(2**40, 2**40))
