def count(n):
    print("start")
    i = 0
    while i < n:
        yield i
        i += 1
    print("end")

g = count(3)
print(g.__class__ if False else type(g))
for x in count(3):
    print("got", x)
print(list(count(2)))
def pairs(xs):
    for i, x in enumerate(xs):
        if i % 2 == 0:
            continue
        if x > 5:
            break
        yield i, x
    else:
        print("no break")
print(list(pairs([1, 2, 3, 4, 5, 6, 7, 8])))
print(list(pairs([1, 2])))
def chain(*its):
    for it in its:
        yield from it
    yield
print(list(chain([1, 2], (3,), range(2))))
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
f = fib()
print([next(f) for _ in range(10)])
print(sum(x * x for x in count(4)))
def gen_ret():
    yield 1
    return 5
    yield 2
print(list(gen_ret()))
it = gen_ret()
print(next(it))
try:
    next(it)
except StopIteration:
    print("stop")
def bad():
    yield 1
    raise ValueError("boom")
for v in bad():
    print(v)
