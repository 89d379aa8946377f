import torch
print(len(torch.zeros(4, 2)))
len(torch.tensor(1.))
