it = range(3)
for i in range(20000):
    it = map(lambda v: v, it)
print(list(it))
