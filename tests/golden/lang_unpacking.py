# assignment forms: chained, tuple unpacking, starred, swap, targets with attributes and subscripts
a = b = c = 7
print(a, b, c)
x, y = 1, 2
x, y = y, x
print(x, y)
(p, q), r = [1, 2], 3
print(p, q, r)
first, *middle, last = range(6)
print(first, middle, last)
*init, tail = "abc"
print(init, tail)
head, *rest = [1]
print(head, rest)
d = {}
d["k"], d["j"] = "v", "w"
print(d)
lst = [0, 0, 0]
lst[0], lst[-1] = 5, 9
print(lst)
class Obj:
    pass
o = Obj()
o.a, o.b = 1, 2
print(o.a, o.b)
for i, (k, v) in enumerate({"x": 1, "y": 2}.items()):
    print(i, k, v)
n: int = 3
m: float
print(n)
t = 1, 2, 3
print(t, type(t))
single = 1,
print(single)
u, = [42]
print(u)
s = "hi"; z = s * 2; print(z)
i = j = []
i.append(1)
print(j)
