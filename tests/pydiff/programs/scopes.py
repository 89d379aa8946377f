counter = 0
def inc():
    global counter
    counter += 1
inc(); inc()
print(counter)

def make():
    n = 0
    def step():
        nonlocal n
        n += 1
        return n
    return step
s = make()
print(s(), s(), s())

def outer():
    x = "outer"
    def inner():
        return x
    x = "changed"
    return inner()
print(outer())

def defaults(a, b=[], *args, c, d=4, **kw):
    b.append(a)
    return a, b, args, c, d, kw
print(defaults(1, c=3))
print(defaults(1, [9], 5, 6, c=3, e=7))

def kwonly(*, key=None):
    return key
print(kwonly(key="k"))

def star(*args, **kwargs):
    return args, kwargs
print(star(*[1, 2], *(3,), **{'a': 1}, b=2))
a, *rest = [1, 2, 3, 4]
print(a, rest)
*init, last = "abc"
print(init, last)
first, (second, third) = 1, (2, 3)
print(first, second, third)
x = y = 5
print(x, y)
a, b = b, a = 1, 2
print(a, b)
for i, (p, q) in enumerate([(1, 2), (3, 4)], start=1):
    print(i, p, q)
