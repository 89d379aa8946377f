import torch
print(torch.ones(2**62))
