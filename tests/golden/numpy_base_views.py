# ndarray.base as NumPy sets it: None for owners, the owning array for views (chains collapse),
# the copy that a non-contiguous reshape makes, and a tensor for arrays from Tensor.numpy().
import numpy as np
import torch
a = np.array([[1, 2, 3], [4, 5, 6]])
print(a.base is None)
b = a[0]
print(b.base is a)
c = b[1:]
print(c.base is a, c.base is b)
v = a.view()
print(v is a, v.base is a)
print(a.T.base is a)
r = a.reshape(3, 2)
print(r.base is a)
f = a.T.reshape(6)
print(f.base is a, f.base is None)
print(f.base)
print(f)
print(a.copy().base is None, np.copy(a).base is None)
print(np.asarray(a) is a, np.ascontiguousarray(a) is a)
ct = np.ascontiguousarray(a.T)
print(ct.base is None, ct.flags['C_CONTIGUOUS'])
print(ct)
print([row.base is a for row in a])
i = np.array([1.5, 2.5]).view(np.int64).view(np.float64)
print(i)
t = torch.tensor([1.0, 2.0, 3.0])
n = t.numpy()
print(n.base)
print(n.base is t, n.flags.owndata)
s = n[1:]
print(s.base is n, s[1:].base is n)
m = np.asarray(t)
m[0] = 10
print(t)
print(np.array(t).base is None)
