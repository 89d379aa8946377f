import torch
torch.nn.Parameter(torch.tensor([1, 2]))
