# Half-precision sampling is refused rather than drawn differently from PyTorch.
import torch
torch.manual_seed(0)
print(torch.rand(2).dtype)
x = torch.rand(3, dtype=torch.float16)
