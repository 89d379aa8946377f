def deco(fn):
    def wrapper(*args, **kwargs):
        print("calling", fn.__name__)
        return fn(*args, **kwargs)
    return wrapper

@deco
def add(a, b):
    return a + b

print(add(2, 3))

def repeat(n):
    def d(fn):
        def w(*a):
            return [fn(*a) for _ in range(n)]
        return w
    return d

@repeat(3)
def one():
    return 1
print(one())

sq = lambda x: x ** 2
print(sq(7))
print((lambda *a, **k: (a, k))(1, 2, z=3))
print(sorted([3, 1, 2], key=lambda v: -v))
adders = [lambda x, i=i: x + i for i in range(3)]
print([g(10) for g in adders])

class C:
    @staticmethod
    def s(x):
        return x * 2
    @classmethod
    def c(cls):
        return cls.__name__
    @property
    def p(self):
        return 42
print(C.s(4), C.c(), C().p)
