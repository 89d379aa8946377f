import torch
torch.zeros(2, 3).view(4)
