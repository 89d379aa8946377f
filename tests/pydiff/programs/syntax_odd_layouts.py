# Odd but legal layouts that tutorial code contains.
x = [1, 2, 3,]  # trailing comma
y = (1,)
z = {'a': 1,}
print(x, y, z)
def f(a, b,):
    return a - b
print(f(5, 3,))
result = f(
    10,
    4
)
print(result)
values = {
    "lr": 1e-3,
    "epochs": 10,
}
for key, value in values.items():
    print(f"{key:>8}: {value}")
long_string = ("first part "
               "second part")
print(long_string)
if x and \
   y:
    print("backslash in if")
class Config:

    lr = 0.1

    def show(self):

        return self.lr
print(Config().show())
def with_doc():
    """Docstring only."""
print(with_doc())
def empty_body():
    ...
print(empty_body(), ...)
total = sum(
    v
    for v in range(4)
)
print(total)
print(max(
    [3, 7, 2],
    key=lambda v: v,
))
matrix = [[1, 2],
          [3, 4]]
print(matrix)
print([
    (a, b)
    for a in range(2)
    for b in range(2)
])
print({k: v
       for k, v in zip("ab", (1, 2))})
if True:
    pass  # comment after pass
    # comment at deeper indent

# comment at column 0 between blocks
    # comment with odd indentation
print("after comments")
def g():
    return (
        1,
        2,
    )
print(g())
a = 1 if x else \
    2
print(a)
s = 'single' "double" '''triple'''
print(s)
print(not not x, - - 3, (lambda: (yield_ := 1))())
n = 3
n += 1; n -= 2; n *= 5; n //= 3; n **= 2; n %= 7
print(n)
fl = 5.0
fl /= 2
print(fl)
bits = 6
bits &= 3; bits |= 8; bits ^= 1; bits <<= 2; bits >>= 1
print(bits)
lst = [1, 2, 3]
lst[0] += 10
lst[-1] *= 2
print(lst)
dct = {"a": 1}
dct["a"] += 1
dct.setdefault("b", []).append(3)
print(dct)
print(type(print).__name__, callable(print), callable(1))
print(*[1, 2], sep=", ")
print("%s %s" % ("a", "b"), "%d%%" % 50)
i = j = 0
print(i, j)
(p, q), r = (1, 2), 3
print(p, q, r)
[u, v] = [4, 5]
print(u, v)
for (k1, k2) in [(1, 2)]:
    print(k1, k2)
for _ in range(2): pass
print(_)
