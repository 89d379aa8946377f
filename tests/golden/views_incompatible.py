import torch
x = torch.arange(9).reshape(3, 3).t()
print(x.reshape(9))
x.view(9)
