import numpy as np
try:
    np.random.randint(5, 5)
except ValueError as e:
    print(e)
try:
    np.random.normal(0, -1)
except ValueError as e:
    print(e)
try:
    np.random.choice(3, 4, replace=False)
except ValueError as e:
    print(e)
np.random.randint(0)
