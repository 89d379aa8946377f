# Generators: laziness (prints interleave), nesting, break inside the consumer, closures, methods.
def numbered(xs, start=1):
    n = start
    for x in xs:
        print("  producing", x)
        yield n, x
        n += 1

for i, x in numbered("abc"):
    print(i, x)
    if x == "b":
        break

class Batches:
    def __init__(self, data, size):
        self.data = data
        self.size = size

    def __iter__(self):
        for i in range(0, len(self.data), self.size):
            yield self.data[i:i + self.size]

print(list(Batches(list(range(7)), 3)))
print([b for b in Batches("abcdefg", 2)])

def outer():
    total = 0
    def inner(k):
        nonlocal total
        for j in range(k):
            total += j
            yield total
    return inner

print(list(outer()(4)))
gen = (y for y in numbered([10, 20]))
print(next(gen))
print(next(gen))

def nested(n):
    if n == 0:
        yield "leaf"
        return
    yield from nested(n - 1)
    yield n

print(list(nested(3)))

def squares():
    i = 0
    while True:
        i += 1
        if i > 4:
            return
        if i % 2:
            yield i * i
        else:
            continue
print(list(squares()), sum(squares()), max(squares()))
g = squares()
print(list(zip(g, "xyz")))
print(list(g))
def gen_in_loop():
    for i in range(3):
        for j in range(3):
            if j > i:
                break
            yield (i, j)
print(list(gen_in_loop()))
print(type(squares()), squares.__name__)
print(repr(squares()).split(" at ")[0])
