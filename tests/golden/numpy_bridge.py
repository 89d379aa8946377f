import torch
import numpy as np
a = np.array([1.0, 2.0, 3.0])
t = torch.from_numpy(a)
print(t.dtype)
t[1] = 20
print(a)
b = t.numpy()
b[2] = 30
print(t)
c = torch.tensor(a)
c[0] = -1
print(a[0])
print(np.array([1, 2]).dtype, np.zeros(2).dtype, np.array([True]).dtype)
print(np.array([[1, 2], [3, 4]]).shape)
print(np.ones((2, 2)))
print(np.arange(4))
