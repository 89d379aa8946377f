import torch
print(torch.arange(5).dtype, torch.arange(5.).dtype, torch.arange(0, 5, 2))
print(torch.linspace(0, 1, 5))
print(torch.linspace(0, 10, steps=3).dtype)
