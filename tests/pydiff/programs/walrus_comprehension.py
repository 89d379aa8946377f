print([(y := i) for i in range(2)], y)
print([v for v in range(6) if (half := v // 2) > 1], half)
def f(data):
    found = [(hit := d) for d in data if d > 2]
    return found, hit
print(f([1, 3, 5]))
def g():
    total = 0
    sums = [total := total + n for n in range(4)]
    return sums, total
print(g())
print([[(last := a * b) for a in range(2)] for b in range(3)], last)
def h():
    print([z := k for k in "ab"], z)
h()
