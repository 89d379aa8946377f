def show(v):
    print("  see", v)
    return v


def kind(o):
    return repr(o).split(" at ")[0]


m = map(show, [1, 2, 3])
print(kind(m), type(m).__name__)
print("before")
print(next(m))
print(list(m))
print(list(m))

f = filter(lambda v: show(v) % 2, range(5))
print(kind(f))
print("before filter")
for v in f:
    print("odd", v)

z = zip(map(show, "ab"), map(show, [1, 2, 3]))
print(kind(z))
print(list(z))
e = enumerate(map(show, "xy"), start=1)
print(kind(e))
for i, v in e:
    print(i, v)
r = reversed([1, 2, 3])
print(kind(r))
print(list(r), list(reversed(range(3))), list(reversed("abc")), list(reversed((1, 2))))


class Seq:
    def __len__(self):
        return 3

    def __getitem__(self, i):
        print("  getitem", i)
        return i * 10


print(list(reversed(Seq())))

print(any(show(v) > 1 for v in [0, 2, 5]))
print(all(show(v) > 1 for v in [3, 0, 5]))
print(any([]), all([]), any(map(show, [])))
print(sum(map(show, [1, 2])), min(map(show, [3, 1])), max(map(show, [3, 1])))
print(max(map(show, [3, 1]), key=lambda v: print("  key", v) or -v))
print(sorted(map(show, [2, 1])), ",".join(map(str, map(show, [7, 8]))))
print(dict(zip("ab", map(show, [1, 2]))), set(filter(None, [0, 1, 1, 2])))
a, b = map(show, [1, 2])
print(a, b)
print(tuple(enumerate("ab")), list(zip()), list(zip([1, 2], [3, 4], [5, 6])))
print(list(map(lambda x, y: x + y, [1, 2, 3], [10, 20])))
try:
    list(zip([1, 2, 3], [1, 2], strict=True))
except ValueError as err:
    print(err)
try:
    list(zip([1], [1], [1, 2], strict=True))
except ValueError as err:
    print(err)
try:
    list(zip([1, 2], [1, 2], [1], strict=True))
except ValueError as err:
    print(err)
print(list(zip([1, 2], [3, 4], strict=True)))
try:
    reversed(map(str, [1]))
except TypeError as err:
    print(err)
d = {"a": 1, "b": 2, "c": 3}
for r in (reversed(d), reversed(d.keys()), reversed(d.values()), reversed(d.items())):
    print(kind(r), list(r))
try:
    reversed({1, 2})
except TypeError as err:
    print(err)
