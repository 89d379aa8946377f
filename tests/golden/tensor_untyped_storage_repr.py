import torch
x = torch.tensor([1.], dtype=torch.float32)
print(x.untyped_storage())
