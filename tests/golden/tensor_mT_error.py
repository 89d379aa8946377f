import torch
print(torch.ones(2, 3).mT.shape)
torch.ones(3).mT
