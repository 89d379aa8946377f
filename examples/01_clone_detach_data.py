# clone() copies, detach() shares memory and the version counter, .data shares memory only.
import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a.clone()
c = a.detach()
d = a.data

c[0] = 10.0
print(a)
print(b)
print(a.data_ptr() == c.data_ptr(), a.data_ptr() == b.data_ptr())
print(a._version, c._version, d._version)
d[1] = 20.0
print(a._version, d._version)
print(a)
