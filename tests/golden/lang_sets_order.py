# Set iteration order follows CPython 3.11's hash table: ints hash to themselves, slots wrap
# around the table, removals leave dummies, and the table grows at 3/5 full.
print({100, 5, 37, 8})
print({1, 2, 3}, set(), {-1, -2, -3, 7})
print(set(range(20)) - {3, 7})
print(set(range(20)), len(set(range(20))))
print({1, 1.0, True}, {0, False, 0.0}, {2.0, 2})
print({8, 16, 0, 24, 32})
print(set([40, 8, 16, 24, 0, 32]))
print({x * 7 for x in range(12)})
print({-5, -10, 1000, 2**40, -2**40})
print({0.5, 1.5, 2.0, 1.25})
print({2**61 - 1, 2**61, 2**62, -2**61})
print(frozenset([3, 1, 2]), frozenset(), frozenset({9, 17}))
print({(1, 2), (2, 1), (0, 0)})
print({frozenset({1}), frozenset({2, 3})})

s = {0, 8}
s.remove(0)
s.add(16)
print(s)  # the new element reuses the dummy slot

s = set()
for i in range(30):
    s.add(i * 13 % 31)
print(s)
for i in range(0, 30, 3):
    s.discard(i)
print(s)
s.update(range(100, 120))
print(s)

a = [9, 1, 17, 25, 33]
print(set(a), {*a}, {a[0], a[1], a[2], a[3], a[4]})

s = set(range(8))
print(s.pop(), s.pop(), s)
s.add(0)
print(s.pop(), s)

big = set(range(0, 200, 7))
print(big & {0, 7, 14, 1000}, {0, 7, 14, 1000} & big)
print(big - set(range(0, 200, 14)))
print({1, 2, 3} ^ {3, 4, 5}, {1, 2, 3} | {64, 32, 16})
s = set(range(40))
s -= set(range(5, 35))
print(s)
