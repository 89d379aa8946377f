import torch
print(torch.empty(2**62, 2**62))
