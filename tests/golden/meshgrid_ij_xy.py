# torch.meshgrid (TensorShape.cpp): expanded views of the inputs (stride 0 along the other dims,
# ExpandBackward0); "xy" swaps the first two inputs and outputs. Without indexing= it warns once
# (stderr, not checked here) and behaves as "ij".
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = torch.tensor([4., 5.], requires_grad=True)
gx, gy = torch.meshgrid(x, y, indexing='ij')
print(gx)
print(gy)
print(gx.stride(), gy.stride(), gx._base is x, gy.data_ptr() == y.data_ptr())
(gx * gy).sum().backward()
print(x.grad, y.grad)
a, b = torch.meshgrid([x.detach(), y.detach()], indexing='xy')
print(a)
print(b)
print(a.shape, a.stride(), b.stride())
u, v, w = torch.meshgrid(torch.arange(2), torch.arange(3), torch.arange(2), indexing='xy')
print(u.shape, u.stride(), v.stride(), w.stride())
p, q = torch.meshgrid(torch.arange(2), torch.tensor(7))
print(p.shape, q)
try:
    torch.meshgrid(torch.arange(2), torch.ones(2), indexing='ij')
except RuntimeError as e:
    print(e)
torch.meshgrid(x, y, indexing='ab')
