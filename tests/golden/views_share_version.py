import torch
x = torch.zeros(2, 3)
v = x.view(6)
t = x.t()
print(v._base is x, t._base is x, x._base)
print(x._version, v._version)
v[0] = 1
print(x._version, t._version)
print(x)
d = x.detach()
print(d._base, d._version)
w = v.view(2, 3)
print(w._base is x)
print(v.data_ptr() == x.data_ptr(), x.untyped_storage().data_ptr() == t.untyped_storage().data_ptr())
