import torch
print("start")
torch.tensor([[1, 2], [3]])
