# numpy uint8/int8/int16/float16 arrays and their exchange with torch (memory is shared).
import numpy as np
import torch
a = np.array([1, 200, 255], dtype=np.uint8)
print(a, a.dtype)
print(repr(a))
print(a + 10)
t = torch.from_numpy(a)
print(t)
t[0] = 7
print(a)
b = np.array([-3, 5], dtype=np.int8)
print(repr(b), torch.from_numpy(b))
c = np.array([1, 2], dtype=np.int16)
print(repr(c), torch.from_numpy(c).dtype)
h = np.array([0.1, 2.5, 100.3], dtype=np.float16)
print(h, h.dtype)
print(repr(h))
print(h.tolist())
th = torch.from_numpy(h)
print(th)
th[1] = 0.2
print(h)
n = torch.tensor([0.1, 0.2], dtype=torch.half).numpy()
print(n, n.dtype)
u = torch.tensor([1, 2], dtype=torch.uint8)
m = u.numpy()
m[0] = 9
print(repr(m), u)
print(a.astype(np.float16))
print(np.array([1.5, 2.25], dtype=np.float16) + np.float16(1))
