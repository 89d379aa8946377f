x = []
for i in range(15000):
    x = [x]
print(hash(str(x)[:10]))
d = {}
t = ()
for i in range(15000):
    t = (t,)
print(hash(t))
