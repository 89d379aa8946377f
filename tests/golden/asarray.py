import torch
import numpy as np
t = torch.tensor([1., 2.])
a = torch.asarray(t)
print(a is t, torch.asarray(t, copy=True) is t)
b = torch.asarray(t, dtype=torch.float64)
print(b, b.data_ptr() == t.data_ptr())
n = np.array([1, 2, 3])
c = torch.asarray(n)
n[0] = 10
print(c)
print(torch.asarray([1, 2.5]), torch.asarray(3), torch.asarray([[1, 2]], dtype=torch.float32, requires_grad=True))
try:
    torch.asarray([1, 2], copy=False)
except ValueError as e:
    print(e)
torch.asarray(t, dtype=torch.int64, copy=False)
