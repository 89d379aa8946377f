import torch
from torch import nn
m = nn.Unflatten(1, (2, 5))
print(m)
x = torch.arange(20.).reshape(2, 10).requires_grad_()
y = m(x)
print(y.shape, y.grad_fn.name())
print(nn.Sequential(nn.Flatten(), nn.Unflatten(1, torch.Size([3, 2]))))
print(type(m))
try:
    nn.Unflatten(1, 5)
except TypeError as e:
    print(e)
nn.Unflatten(1, (2, 2.5))
