import torch
x = torch.ones(2, requires_grad=True)
x += 1
