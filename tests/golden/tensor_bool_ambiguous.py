import torch
if torch.tensor([1, 2]):
    pass
