# Storage-level aliasing: Tensor.set_ (all four overloads), is_set_to, as_strided_, _is_view,
# untyped_storage() item read/write through to every tensor on it, metadata changes on .detach() /
# .data results (allowed since PyTorch 1.13), and `x.data = y` with its dtype check.
# Expectations: aten/src/ATen/native/TensorShape.cpp (set_, set_storage_cpu_, set_tensor_, set_cpu_,
# is_set_to), aten/src/ATen/native/Resize.h (checkSetStorage, setStrided, checkInBoundsForStorage text),
# aten/src/ATen/native/Resize.cpp (resize_impl_cpu_ grows the storage), torch/csrc/autograd/variable.cpp
# (VariableHooks::set_data checks), torch/csrc/autograd/VariableTypeUtils.h (check_inplace on a leaf),
# test/test_torch.py (test_set_storage / test_is_set_to), test/test_autograd.py
# (test_set_data_tensorimpl_type, test_detach_base / metadata-change tests after 1.13).
import torch

x = torch.tensor([1.0, 2.0, 3.0, 4.0])
y = torch.tensor([9.0, 8.0])
print(x.is_set_to(y))
x.set_(y)
print(x, x.is_set_to(y))
print(x.untyped_storage().data_ptr() == y.untyped_storage().data_ptr())
y[0] = 100.0
print(x)

s = torch.tensor([1.0, 2.0, 3.0]).untyped_storage()
z = torch.empty(0)
z.set_(s)
print(z, z.size(), z.stride())
w = torch.empty(0)
w.set_(s, 1, (2,), (1,))
print(w, w.storage_offset())
w.set_(s, 0, (2, 2), (1, 1))
print(w)
w.set_()
print(w, w.shape, w.untyped_storage().nbytes())

# A geometry bigger than the storage grows it (resize_impl_cpu_), the front bytes stay.
g = torch.tensor([1.0, 2.0])
h = torch.empty(0)
h.set_(g.untyped_storage(), 0, (4,), (1,))
print(g.untyped_storage().nbytes(), g)

# The bytes of the storage, read and written through it.
a = torch.tensor([1.0, 2.0, 3.0])
b = a[1:]
st = a.untyped_storage()
print(st.nbytes(), st.size(), len(st))
print(st[0], st[1], st[2], st[3])
st[4] = 0
st[5] = 0
st[6] = 64
st[7] = 64
print(a, b)

t = torch.arange(6.0)
t.as_strided_((2, 2), (1, 2), 1)
print(t)
print(t.stride(), t.storage_offset())
try:
    t.as_strided_((4, 4), (4, 1))
except RuntimeError as e:
    print(e)
print(t.shape)

base = torch.zeros(4)
print(base[1:]._is_view(), base.detach()._is_view(), base.data._is_view(), base._is_view())

p = torch.zeros(2, 3)
d = p.detach()
d.resize_(6)
print(d.shape, p.shape)
d2 = p.data
d2.transpose_(0, 1)
print(d2.shape)
d3 = p.detach()
d3.unsqueeze_(0)
print(d3.shape)
d4 = p.detach()
d4.set_(torch.ones(2))
print(d4, p.shape)

q = torch.zeros(2, requires_grad=True)
q.data = torch.ones(3)
print(q)
try:
    q.data = torch.tensor([1, 2])
except RuntimeError as e:
    print(e)
r = torch.zeros(2)
r.data = torch.tensor([1, 2])
print(r, r.dtype)
try:
    q.set_(torch.ones(2))
except RuntimeError as e:
    print(e)
