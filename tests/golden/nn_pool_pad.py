import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.tensor([[[[1., 5., 2., 0.], [3., -1., 4., 7.], [0., 2., 9., 1.], [6., 8., 3., 2.]]]], requires_grad=True)
mp = nn.MaxPool2d(2)
print(mp)
y = mp(x)
print(y)
(y * torch.tensor([[[[1., 2.], [3., 4.]]]])).sum().backward()
print(x.grad)
out, idx = F.max_pool2d(x, 3, stride=1, padding=1, return_indices=True)
print(out)
print(idx)
print(F.max_pool2d(x, 2, stride=2, ceil_mode=True, padding=1))
print(nn.MaxPool2d((2, 1), stride=1, dilation=2, ceil_mode=True))
ap = nn.AvgPool2d(2, stride=1)
print(ap)
a = ap(x)
print(a)
x.grad = None
a.sum().backward()
print(x.grad)
print(F.avg_pool2d(x, 3, stride=2, padding=1))
print(F.avg_pool2d(x, 3, stride=2, padding=1, count_include_pad=False))
print(F.avg_pool2d(x, 2, divisor_override=3))
print(F.avg_pool2d(x[0], 2, ceil_mode=True, stride=3))
t = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
p = F.pad(t, (1, 2))
print(p)
q = F.pad(t, (0, 1, 1, 0), value=-1.5)
print(q)
(q * torch.arange(12.).reshape(3, 4)).sum().backward()
print(t.grad)
print(F.pad(t, (-1, 0)))
try:
    F.max_pool2d(x, 3, padding=2)
except RuntimeError as e:
    print(e)
try:
    F.max_pool2d(x, 5)
except RuntimeError as e:
    print(e)
try:
    F.pad(t, (1, 1, 1))
except RuntimeError as e:
    print(e)
try:
    F.pad(t, (1, 1, 1, 1, 1, 1))
except RuntimeError as e:
    print(e)
