import torch
torch.arange(3)[0, 0]
