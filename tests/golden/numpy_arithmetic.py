import numpy as np
a = np.array([1, 2])
print(a / 2)
print(a + 1.5)
print(a * a, a.sum(), a.dtype)
print(np.array([1.5, 2.5]).mean())
