def attempt(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)

attempt(lambda: 1 / 0)
attempt(lambda: 1 // 0)
attempt(lambda: 1 % 0)
attempt(lambda: 1.0 / 0)
attempt(lambda: {}["x"])
attempt(lambda: {}[1])
attempt(lambda: [][0])
attempt(lambda: [1][5])
attempt(lambda: ()[1])
attempt(lambda: "abc"[10])
attempt(lambda: int("abc"))
attempt(lambda: float("x"))
attempt(lambda: [].pop())
attempt(lambda: [1].index(2))
attempt(lambda: [1].remove(2))
attempt(lambda: undefined_name)
attempt(lambda: None.foo)
attempt(lambda: (1).foo)
attempt(lambda: "a" + 1)
attempt(lambda: 1 + "a")
attempt(lambda: [1] + (2,))
attempt(lambda: len(5))
attempt(lambda: None())
s_obj = "abc"
attempt(lambda: s_obj())
attempt(lambda: {}.pop("k"))
attempt(lambda: set().remove(1))
attempt(lambda: int(None))
attempt(lambda: [1, 2] < "a")
attempt(lambda: 1 < None)
attempt(lambda: hash([]))
attempt(lambda: {[1]: 2})
attempt(lambda: "abc".index("z"))
attempt(lambda: (1, 2)[0:1][3])
attempt(lambda: next(iter([])))
attempt(lambda: max([]))
attempt(lambda: "x" * "y")
attempt(lambda: -"x")
attempt(lambda: 2 ** "a")
attempt(lambda: chr(-1))
attempt(lambda: "a".join([1]))
attempt(lambda: dict(a=1)["b"])
def f(a, b): return a
attempt(lambda: f(1))
attempt(lambda: f(1, 2, 3))
attempt(lambda: f(1, c=2))
attempt(lambda: f(1, 2, a=3))
def g(*, k): return k
attempt(lambda: g())
attempt(lambda: g(1))
class K:
    def __init__(self, x): self.x = x
    def m(self): return 1
attempt(lambda: K())
attempt(lambda: K(1).y)
attempt(lambda: K(1).m(2))
attempt(lambda: K.m())
attempt(lambda: setattr(1, "a", 2))

try:
    raise ValueError("bad value")
except (TypeError, ValueError) as e:
    print("caught", repr(e), e.args)
else:
    print("no")
finally:
    print("finally 1")

try:
    x = 1
except Exception:
    print("no")
else:
    print("else ran")
finally:
    print("finally 2")

def ret():
    try:
        return "try"
    finally:
        print("finally before return")
print(ret())

class MyError(Exception):
    pass
class Sub(MyError):
    def __init__(self, code):
        super().__init__(f"code {code}")
        self.code = code
try:
    raise Sub(7)
except MyError as e:
    print(type(e).__name__, e, e.code, isinstance(e, Exception))

try:
    try:
        raise KeyError("inner")
    except KeyError:
        raise
except LookupError as e:
    print("re-raised", repr(e), str(e))

try:
    assert 1 == 2, "one is not two"
except AssertionError as e:
    print("assert:", e)
try:
    assert False
except AssertionError as e:
    print("assert empty:", repr(e))
print(repr(ValueError("x")), str(KeyError("k")), repr(Exception()), str(Exception(1, 2)))
try:
    raise RuntimeError
except RuntimeError as e:
    print("bare class", repr(e))
e = None
for exc in (IndexError, KeyError, ZeroDivisionError, StopIteration, NotImplementedError):
    print(exc.__name__, issubclass(exc, Exception))
print(issubclass(KeyError, LookupError), issubclass(ZeroDivisionError, ArithmeticError))
