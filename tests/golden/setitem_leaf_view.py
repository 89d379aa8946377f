import torch
x = torch.ones(3, requires_grad=True)
x[0] = 5
