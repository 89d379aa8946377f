import math
print(math.sqrt(16), math.pi, math.floor(2.7), math.ceil(2.1), math.exp(0), math.log(math.e))
print(math.isclose(0.1 + 0.2, 0.3), math.inf, math.log(8, 2))
math.sqrt(-1)
