# def: defaults, *args, **kwargs, keyword-only, return, recursion, lambda, docstrings, decorators
def add(a, b=10, *args, scale=1, **kwargs):
    """Adds things."""
    return (a + b + sum(args)) * scale, kwargs

print(add(1), add(1, 2), add(1, 2, 3, 4), add(1, scale=2), add(a=5, b=5, extra="x"))
print(add.__name__, add.__doc__)

def no_return():
    pass

print(no_return())

def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)

print(fact(10), fact(20))

def fib(n, memo={}):
    if n in memo:
        return memo[n]
    memo[n] = n if n < 2 else fib(n - 1) + fib(n - 2)
    return memo[n]

print(fib(60))

square = lambda x: x * x
print(square(7), (lambda: "no args")(), list(map(lambda v: v + 1, [1, 2])))
print(sorted([(1, "b"), (0, "c")], key=lambda p: p[1]))

def apply(f, *xs, **kw):
    return f(*xs, **kw)

print(apply(add, 1, 2, scale=3))
args = (1, 2, 3)
kw = {"scale": 2}
print(add(*args, **kw))

def multi():
    return 1, "two", [3]

a, b, c = multi()
print(a, b, c, multi())

def deco(fn):
    def wrapper(*a, **k):
        print("calling", fn.__name__)
        return fn(*a, **k)
    return wrapper

@deco
def greet(who="world"):
    return "hello " + who

print(greet(), greet("you"))

def kwonly(a, *, b, c=3):
    return a, b, c

print(kwonly(1, b=2), kwonly(1, c=0, b=5))

def first(*, key):
    return key

print(first(key="k"))
print(type(add), type(square), callable(add), callable(3))
