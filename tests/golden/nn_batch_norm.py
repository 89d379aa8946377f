import torch
import torch.nn as nn
import torch.nn.functional as F
bn = nn.BatchNorm1d(3)
print(bn)
x = torch.tensor([[1., 2., 3.], [4., 0., -1.], [2., 2., 5.], [0.5, 1., 1.]], requires_grad=True)
y = bn(x)
print(y)
print(bn.running_mean)
print(bn.running_var)
print(bn.num_batches_tracked)
w = torch.tensor([[1., 2., 3.], [0.5, -1., 2.], [0., 1., 1.], [2., 1., -1.]])
(y * w).sum().backward()
print(x.grad)
print(bn.weight.grad)
print(bn.bias.grad)
bn(x)
print(bn.running_mean)
print(bn.num_batches_tracked)
bn.eval()
print(bn(x))
bn2 = nn.BatchNorm2d(2, momentum=None, affine=False)
print(bn2)
t = torch.arange(16.).reshape(2, 2, 2, 2)
print(bn2(t))
bn2(t * 2)
print(bn2.running_mean)
print(bn2.running_var)
out = F.batch_norm(x, torch.zeros(3), torch.ones(3))
print(out)
try:
    bn.train()
    bn(torch.ones(1, 3))
except ValueError as e:
    print(e)
try:
    bn(torch.ones(3))
except ValueError as e:
    print(e)
