import torch
c = torch.tensor([1, 2])
c += 1.5
