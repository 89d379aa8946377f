a = []
a.append(a)
print(a == a)
b = [a]
print(b)
