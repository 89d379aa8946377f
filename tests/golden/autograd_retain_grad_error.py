import torch
torch.ones(2).retain_grad()
