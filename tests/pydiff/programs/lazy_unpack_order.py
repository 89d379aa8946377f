def show(v):
    print("see", v)
    return v
try:
    a, b = map(show, [1, 2, 3, 4])
except ValueError as e:
    print(e)
try:
    a, b, c = map(show, [1, 2])
except ValueError as e:
    print(e)
x, *y = map(show, [1, 2, 3])
print(x, y)
try:
    len(map(str, []))
except TypeError as e:
    print(e)
d = {"a": 1, "b": 2}
it = iter(d.items())
print(type(it).__name__, next(it))
print(type(iter(d.values())).__name__, type(iter(range(3))).__name__, type(iter("ab")).__name__, type(iter((1,))).__name__)
print(list(d.keys()), len(d.keys()), list(reversed([])))
g = (i for i in range(3))
print(iter(g) is g, 1 in g, list(g))
print(list(enumerate(x * 2 for x in range(3))))


print(sorted((v for v in [3, 1, 2]), key=lambda v: -v))
class C:
    def __init__(self): self.data = [1, 2]
    def __iter__(self): return iter(self.data)
print(list(C()), [v for v in C()], sum(C()))
s = "x"
print([c for c in s], list(map(len, ["ab", "c"])))
print(next(map(show, [])) if False else "ok")
try:
    next(map(show, []))
except StopIteration:
    print("stop")
nums = [1, 2, 3]
print(list(filter(lambda v: v > 1, nums)), list(zip(*[(1, 2), (3, 4)])))
print(*map(show, [5, 6]))
print(dict(enumerate("ab")), max((1, 5, 2)), min([], default=0))

g = (10 // v for v in [1, 0, 2])
print(next(g))
try:
    next(g)
except ZeroDivisionError as e:
    print("raised:", e)
print(list(g))  # a generator that raised is finished
