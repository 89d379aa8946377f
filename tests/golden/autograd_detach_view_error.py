import torch
x = torch.ones(3)
x[0:2].detach_()
