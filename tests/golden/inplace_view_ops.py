import torch
x = torch.tensor([[0., 1., 2.], [3., 4., 5.]])
print(x.t_() is x, x.shape, x.stride(), x._version)
x.transpose_(0, 1)
print(x.shape, x.stride(), x.is_contiguous(), x._version)
x.unsqueeze_(1)
print(x.shape, x.stride(), x._version)
x.squeeze_(1)
print(x.shape, x.stride(), x._version)
x.unsqueeze_(-1).squeeze_()
print(x.shape, x._version)
x.swapdims_(0, 1)
x.swapaxes_(1, 0)
print(x.shape, x._version)
x.transpose_(1, 1)
print(x._version)
print(x)
s = x[0]
s.unsqueeze_(0)
print(s.shape, s._base is x, x._version, x.shape)
with torch.no_grad():
    w = torch.ones(2, 1, requires_grad=True)
    w.t_()
print(w.shape, w._version, w.requires_grad, w.is_leaf)

a = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
b = a * 2
b.t_()
print(b.grad_fn.name(), b.grad_fn.next_functions[0][0].name(), b.is_leaf)
b.unsqueeze_(0)
print(b.grad_fn.name(), b.shape)
b.squeeze_()
print(b.grad_fn.name())
b.unsqueeze_(2)
b.squeeze_(2)
print(b.grad_fn.name())
b.unsqueeze_(0)
b.squeeze_((0,))
print(b.grad_fn.name())
b.transpose_(0, 1)
print(b.grad_fn.name(), b.shape)
print(b)
(b * torch.tensor([[1., 0., 2.], [0., 3., 1.]])).sum().backward()
print(a.grad)

c = a.clone()
v = c[:, 1:]
v.t_()
print(v.grad_fn.name(), v.grad_fn.next_functions[0][0].name(), c.grad_fn.name(), v.stride(), v.storage_offset())
a.grad = None
(v * torch.tensor([[1., 2.], [3., 4.]])).sum().backward()
print(a.grad)

p = torch.ones(2, 3, requires_grad=True)
try:
    p.view(3, 2).squeeze_()
except RuntimeError as e:
    print(e)
z = torch.zeros(2, 3, 4)
try:
    z.t_()
except RuntimeError as e:
    print(e)
print(z._version, z.shape)
try:
    z.transpose_(0, 3)
except IndexError as e:
    print(type(e).__name__, e)
r = torch.ones(2, 3, requires_grad=True) * 1
r0, r1 = r.split(1)
try:
    r1.squeeze_()
except RuntimeError as e:
    print(e)
