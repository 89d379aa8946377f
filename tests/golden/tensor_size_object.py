import torch
s = torch.ones(2, 3).shape
print(s, s[0], s[-1], len(s), s == (2, 3), list(s))
a, b = s
print(a, b, s.numel(), isinstance(s, tuple), s[1:])
print(torch.Size([4]))
print(torch.zeros(s).shape)
