class D:
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError
        print("get", i)
        return i
for x in D():
    print("loop", x)
print(any(print("chk", v) or v > 0 for v in [0, 1, 2]))   # CPython stops after chk 1
m = map(lambda v: print("map", v) or v, [1, 2])
print("after map")          # CPython prints this before any "map" line
print(list(m))


# A dataset as in PyTorch tutorials: __len__ + __getitem__ that prints.
class Squares:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i >= self.n:
            raise IndexError("index out of range")
        print("  load", i)
        return i * i


ds = Squares(3)
for i, s in enumerate(ds):
    print("step", i, s)
print([s + 1 for s in ds if s != 1])
print({s: s for s in ds})
print(sorted(ds, reverse=True))
total = 0
for x in ds:
    if x == 1:
        print("break at", x)
        break
    total += x
print("total", total)

# Appending while iterating a list is seen, as in CPython.
xs = [1, 2, 3]
for x in xs:
    if x < 3:
        xs.append(x + 10)
    print("xs item", x)
print(xs)
it = iter([1, 2])
print(next(it), next(it), next(it, "done"))
