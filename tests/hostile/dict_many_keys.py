d = {}
for i in range(50000):
    d[i] = i
print(len(d), d[49999])
