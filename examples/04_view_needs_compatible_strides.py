# view() never copies, so it fails when the new shape cannot be read with strides; reshape() copies.
import torch

x = torch.arange(6).view(2, 3)
t = x.t()
print(t.is_contiguous())
r = t.reshape(6)
print(r)
print(r.data_ptr() == x.data_ptr())
v = t.view(6)
