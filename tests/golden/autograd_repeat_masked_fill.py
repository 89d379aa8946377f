import torch
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
r = x.repeat(2, 1, 3)
print(r.shape, r.grad_fn.name())
(r * torch.arange(24.0).view(2, 2, 6)).sum().backward()
print(x.grad)
x.grad = None
mask = torch.tensor([True, False])
y = x.masked_fill(mask, -1.0)
print(y)
(y * torch.tensor([[1.0, 2.0], [3.0, 4.0]])).sum().backward()
print(x.grad)
v = torch.tensor(0.5, requires_grad=True)
z = x.masked_fill(mask, v)
print(z.grad_fn.name(), [f[0].name() for f in z.grad_fn.next_functions])
(z * 3).sum().backward()
print(v.grad)
b = x * 2
print(b._version)
b.masked_fill_(torch.tensor([[False, True], [True, False]]), 0.0)
print(b, b._version)
row = b[1]
row.masked_fill_(mask, v)
print(b, b.grad_fn.name(), row.grad_fn.name(), b._version)
x.grad = None
v.grad = None
b.sum().backward()
print(x.grad, v.grad)
x.masked_fill_(mask, 0.0)
