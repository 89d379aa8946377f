import numpy as np
a = np.array([[1, 2], [3, 4]])
print(np.sum(a), np.sum(a, axis=0), np.mean(a))
print(np.exp(np.array([0.0])))
print(np.sqrt(a))
print(np.dot(a, a))
print(np.reshape(a, (4,)), np.linspace(0, 1, 3), np.abs(np.array([-1, 2])))
print(np.transpose(a))
print(np.zeros_like(a), np.array_equal(a, a.T.T))
