# Adaptive pooling: AdaptivePooling.h windows (overlapping when the sizes do not divide), the
# average summed in float then divided by the window height and width, (1, 1) as a mean
# (MeanBackward1), None keeping a size, 1-D pooling through a squeezed 2-D pool, max with indices.
import torch
import torch.nn as nn
import torch.nn.functional as F

x = (torch.arange(35.0).reshape(1, 1, 5, 7) * 0.3 - 2.0).requires_grad_()
y = F.adaptive_avg_pool2d(x, (3, 4))
print(y)
y.sum().backward()
print(x.grad)
print(F.adaptive_avg_pool2d(x, 1))
print(F.adaptive_avg_pool2d(x[0], (None, 2)))
pool = nn.AdaptiveAvgPool2d((2, None))
print(pool)
print(pool(x).shape)
print(nn.AdaptiveAvgPool2d(1))
s = torch.tensor([[[1.0, 2.0, 4.0, 8.0, 16.0]]], requires_grad=True)
r = F.adaptive_avg_pool1d(s, 3)
print(r)
print(nn.AdaptiveAvgPool1d(1)(s))
m = torch.tensor([[[3.0, -1.0, 2.0], [0.5, 5.0, -2.0], [4.0, 1.0, 1.5]]], requires_grad=True)
mp = nn.AdaptiveMaxPool2d(2, return_indices=True)
print(mp)
out, idx = mp(m)
print(out)
print(idx)
out.sum().backward()
print(m.grad)
print(F.adaptive_max_pool2d(m, (1, 2)))
F.adaptive_avg_pool2d(torch.ones(5), 2)
