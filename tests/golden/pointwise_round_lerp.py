import torch
x = torch.tensor([1.2345, -2.5551, 0.125, 12.3456], requires_grad=True)
r = torch.round(x, decimals=2)
print(r)
print(r.grad_fn.name(), torch.round(x).grad_fn.name(), x.round(decimals=0).grad_fn.name())
r.sum().backward()
print(x.grad)
print(torch.tensor([15.0, 25.0, 123.4]).round(decimals=-1))
print(torch.tensor([2.675, 0.345], dtype=torch.float64).round(decimals=2))
v = torch.tensor([0.123, 4.567])
v.round_(decimals=1)
print(v, v._version)
s = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
e = torch.tensor([10.0, 10.0, 10.0], requires_grad=True)
l = torch.lerp(s, e, 0.25)
print(l, l.grad_fn.name())
l.sum().backward()
print(s.grad, e.grad)
s.grad = None
e.grad = None
w = torch.tensor([0.0, 0.5, 1.0], requires_grad=True)
l2 = s.lerp(e, w)
print(l2, l2.grad_fn.name())
(l2 * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
print(s.grad, e.grad, w.grad)
print(torch.lerp(s, e, 0.75))
print(torch.lerp(torch.zeros(2, 1), torch.ones(3), torch.tensor(0.5)))
a = torch.zeros(3)
a.lerp_(torch.tensor([2.0, 4.0, 8.0]), 0.5)
print(a)
try:
    torch.tensor([1, 2]).round(decimals=1)
except RuntimeError as err:
    print(err)
try:
    torch.lerp(torch.tensor([1, 2]), torch.tensor([3, 4]), 0.5)
except RuntimeError as err:
    print(err)
torch.lerp(s, e.double(), 0.5)
