x = []
for i in range(15000):
    x = [x]
y = []
for i in range(15000):
    y = [y]
print(x == y)
