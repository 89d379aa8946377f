import torch
x = torch.ones(2)
x.data = [1, 2]
