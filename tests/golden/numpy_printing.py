import numpy as np
import torch
print(np.array([1.0, -0.5, 3.4]))
print(repr(np.array([1.0, -0.5, 3.4])))
print(np.array([[1, 2], [3, 4]]))
a = torch.ones(2, 2).numpy()
print(a, a.dtype)
print(np.array([True, False]))
