import torch
x = torch.zeros(2, 3)
print(x.movedim(0, 1).shape)
x.movedim((0, 0), (0, 1))
