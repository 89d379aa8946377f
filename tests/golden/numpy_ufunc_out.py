# The 60-minute blitz bridge: np.add(a, 1, out=a) writes into the array a from_numpy tensor shares.
import torch
import numpy as np

a = np.ones(5)
b = torch.from_numpy(a)
r = np.add(a, 1, out=a)
print(a)
print(b)
print(r is a)
print(np.multiply([1, 2], 3), np.divide(np.array([1, 2]), 2), np.subtract(5, np.arange(3)))
print(np.power(np.arange(4), 2), np.floor_divide(np.arange(5), 2), np.remainder(np.arange(5), 3))
c = np.arange(3)
np.add(c, 1, out=c)
print(c)
print(np.nan, np.inf, -np.inf, np.array([np.nan, np.inf, -np.inf, 1.5]))
x = np.arange(3)[:, np.newaxis]
print(x.shape)
try:
    np.add(c, 0.5, out=c)
except TypeError as e:
    print(e)
try:
    c -= 0.5
except TypeError as e:
    print(e)
try:
    c *= 1.5
except TypeError as e:
    print(e)
try:
    c /= 2
except TypeError as e:
    print(e)
try:
    c //= 1.5
except TypeError as e:
    print(e)
try:
    c **= 0.5
except TypeError as e:
    print(e)
try:
    c %= 1.5
except TypeError as e:
    print(e)
t = torch.zeros(3, dtype=torch.int64)
n = t.numpy()
np.add(n, 7, out=n)
print(t)
n += 0.5
