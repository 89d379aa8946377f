import torch
torch.set_default_dtype(torch.float64)
print(torch.tensor([1.5]).dtype, torch.zeros(1).dtype, torch.tensor([1]).dtype, torch.get_default_dtype())
print(torch.tensor([1.5]))
print(torch.tensor([1.5], dtype=torch.float32))
torch.set_default_dtype(torch.int64)
