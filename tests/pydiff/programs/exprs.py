x = 5
print(1 < x < 10, 1 < x > 10, x == 5 != 6)
print("big" if x > 3 else "small")
if (n := len("hello")) > 3:
    print("n =", n)
print([y for v in range(5) if (y := v * 2) > 4])
print(not x, not 0, x and 0, 0 or "default", None or [])
print(3 in [1, 2, 3], 4 not in {1, 2}, "a" in "abc", 'k' in {'k': 1})
v = None
print(v is None, v is not None)
print(bool([]), bool([0]), bool(""), bool("0"), bool(0.0), bool({}), bool(()))
print(isinstance(3, (int, float)), isinstance(3.0, int), isinstance(True, int))
print(type(3).__name__, type("s").__name__, type([]).__name__, type({}).__name__, type(None).__name__)
print(type(1.0), type(()), type(set()))
print(-x ** 2, (-x) ** 2, 2 ** -1, 2 ** 10, ~x, +x)
print(x if x else None)
print([1, 2] + [3], [0] * 3, "ab" * 3, 3 * "-", (1,) * 2)
print(1 if 0 else 2 if 0 else 3)
