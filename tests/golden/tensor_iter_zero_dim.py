import torch
for v in torch.tensor(3.):
    print(v)
