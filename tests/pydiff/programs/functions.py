def describe(name, *args, sep=", ", **kwargs):
    parts = [name] + [str(a) for a in args]
    parts += [f"{k}={v}" for k, v in kwargs.items()]
    return sep.join(parts)
print(describe("f"))
print(describe("f", 1, 2, x=3, y=4))
print(describe("f", *range(3), sep="|", **{"z": 9}))
def pos_only(a, b, /, c):
    return a, b, c
print(pos_only(1, 2, c=3))
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(10), fact(20))
def fib():
    a, b = 0, 1
    out = []
    while len(out) < 10:
        out.append(a)
        a, b = b, a + b
    return out
print(fib())
def apply(fn, *a, **k):
    return fn(*a, **k)
print(apply(pow, 2, 8), apply(sorted, [3, 1], reverse=True))
def counter():
    count = 0
    def incr(by=1):
        nonlocal count
        count += by
        return count
    return incr
c = counter()
c(); c(5)
print(c())
compose = lambda f, g: lambda x: f(g(x))
print(compose(abs, lambda x: x - 10)(3))
def annotated(x: int, y: float = 1.0) -> float:
    return x * y
print(annotated(3), annotated.__name__)
def mutate(lst):
    lst.append(len(lst))
data = []
mutate(data); mutate(data)
print(data)
def early(x):
    if x < 0:
        return
    return x
print(early(-1), early(2))
def multi():
    return 1, "two", [3]
a, b, c_ = multi()
print(a, b, c_, multi())
g = globals
print(type(fact).__name__, fact.__name__)
print(list(map(lambda p: p[0] * p[1], zip([1, 2], [3, 4]))))
def kw(a, b=2, *, c, d=4):
    return (a, b, c, d)
print(kw(1, c=3), kw(a=1, b=5, c=6, d=7))
nums = [5, 3, 8]
nums.sort(key=lambda v: (v % 2, v))
print(nums)
print(sorted({"b": 2, "a": 1}.items()))
print(sorted(["banana", "Apple", "cherry"], key=str.lower))
print(list(map(str.upper, ["a", "b"])), list(map(int, "123")))
print(sum(x * x for x in range(5)), min((3, "c"), (1, "a")), max("hello", key=ord))
