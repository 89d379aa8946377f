import torch
print(torch.tensor([-2., 3.]).clamp(max=1))
torch.tensor([1.]).clamp()
