import numpy as np
a = np.zeros(3)
print(a.flags["C"])
print(a.flags["SHAPE"])
