import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
conv = nn.Conv2d(1, 2, 3)
print(conv)
print(conv.weight)
print(conv.bias)
x = torch.arange(25.).reshape(1, 1, 5, 5) / 10
y = conv(x)
print(y)
y.sum().backward()
print(conv.weight.grad)
print(conv.bias.grad)
c1 = nn.Conv1d(2, 4, 2, stride=2, padding=1, groups=2, bias=False)
print(c1)
print(c1.weight)
s = torch.tensor([[1., -2., 3., 0.5, 1.], [0., 1., -1., 2., 2.]], requires_grad=True)
o = c1(s)
print(o)
(o * torch.arange(12.).reshape(4, 3)).sum().backward()
print(s.grad)
print(nn.Conv2d(2, 4, (2, 3), stride=(2, 1), padding=(1, 0), dilation=2, groups=2))
print(nn.Conv2d(3, 3, 3, padding='same', bias=False))
w = torch.tensor([[[[1., 0.], [0., -1.]]]])
inp = torch.tensor([[[[1., 2., 3.], [4., 5., 6.], [7., 8., 10.]]]], requires_grad=True)
print(F.conv2d(inp, w, padding='same'))
print(F.conv2d(inp, w, torch.tensor([0.5]), padding=1, stride=2))
print(F.conv2d(inp, w, padding='valid', dilation=2))
try:
    conv(torch.ones(1, 3, 5, 5))
except RuntimeError as e:
    print(e)
try:
    conv(torch.ones(1, 1, 2, 2))
except RuntimeError as e:
    print(e)
try:
    conv(torch.ones(5, 5))
except RuntimeError as e:
    print(e)
try:
    nn.Conv2d(3, 2, 3, groups=2)
except ValueError as e:
    print(e)
try:
    nn.Conv2d(1, 2, 3, stride=2, padding='same')
except ValueError as e:
    print(e)
out = F.conv1d(torch.tensor([[[1., 2., 3., 4.]]]), torch.tensor([[[1., -1.]]]), padding='same')
print(out)
