import torch
a = torch.tensor([1., 2.])
b = a
a += 1
print(b, a is b, a._version)
a.mul_(2).add_(1, alpha=2)
print(a)
a.zero_()
print(a, a._version)
c = torch.tensor([1, 2])
c *= 2
c -= 1
print(c, c._version)
a.fill_(3)
print(a)
