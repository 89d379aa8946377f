import torch
ts = [torch.zeros(1) for i in range(20000)]
print(len(ts))
