import numpy as np
np.random.seed(2**32 - 1)
print(np.random.randint(3, 4))
np.random.seed(-1)
