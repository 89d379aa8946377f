x = [[0] * 1000 for i in range(100000)]
print(len(x))
