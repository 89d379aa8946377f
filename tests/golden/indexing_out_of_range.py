import torch
x = torch.arange(3)
print(x[-3])
x[3]
