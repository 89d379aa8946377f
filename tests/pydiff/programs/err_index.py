xs = [1, 2, 3]
for i in range(4):
    print(xs[i])
