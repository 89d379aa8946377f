# The set and frozenset API: methods, operators, comparisons and builtins over sets.
s = {3, 1, 2}
print(len(s), 2 in s, 5 in s, 5 not in s, bool(s), bool(set()))
s.add(4)
s.add(1)
s.discard(10)
s.remove(3)
print(s, s.copy(), s.copy() is s)
t = s.copy()
t.clear()
print(t, s)

a = {1, 2, 3, 4}
b = {3, 4, 5}
print(a | b, a & b, a - b, b - a, a ^ b)
print(a.union(b), a.union([7, 8], (9,)), a.union())
print(a.intersection(b), a.intersection([1, 2, 99]), a.intersection(b, [4]))
print(a.difference(b), a.difference([1], {2}), a.difference())
print(a.symmetric_difference(b), a.symmetric_difference([4, 10]))
print(a.issubset(b), {3, 4}.issubset(a), {3, 4}.issubset([3, 4, 5]))
print(a.issuperset({1, 2}), a.issuperset([1, 7]), a.isdisjoint(b), a.isdisjoint([10, 11]))
print(a <= b, {3} <= b, {3} < b, b < b, b <= b, a >= {1}, a > a, a > {1, 2})
print(a == {4, 3, 2, 1}, a != b, {1} == [1], {1} == frozenset([1]), set() == frozenset())

c = {1, 2}
d = c
c |= {3}
c &= {2, 3, 9}
c -= {9, 2}
c ^= {3, 7}
print(c, d, c is d)
c.update([5, 6], {8})
c.intersection_update([5, 6, 7, 8], {5, 7, 8})
print(c)
c.difference_update({5}, [7])
c.symmetric_difference_update([8, 9])
print(c)

f = frozenset([1, 2, 3])
g = f
g |= {4}
print(f, g, f is g, type(f | {5}).__name__, type({5} | f).__name__)
print(f.union({9}), f.copy() is f, frozenset(f) is f, hash(f) == hash(frozenset([3, 2, 1])))
print({f: "x"}[frozenset({1, 2, 3})], {frozenset({1}), frozenset([1])})
print(repr(frozenset({"a"})), str({1, 2}), f"{set()}")

print(sorted({5, 3, 9}), sorted({5, 3, 9}, reverse=True), list({2, 1}), tuple({7}))
print(min({4, 2, 8}), max({4, 2, 8}), sum({1, 2, 3}), sum({0.5, 1.5}), any(set()), all({1, 2}))
print(set("hello") == {"h", "e", "l", "o"}, set({"a": 1, "b": 2}) == {"a", "b"})
print(isinstance(s, set), isinstance(f, frozenset), isinstance(f, set), type(s).__name__)
print({x % 3 for x in range(10)}, {(x, y) for x in range(2) for y in range(2) if x != y})
print([x for x in {3, 1, 2}], {*[1, 2], *(2, 3)}, set(()) | {0})
x, y = {10, 20}
print(x, y)
total = 0
for v in {1, 2, 3}:
    total += v
print(total)

print({1} in {frozenset({1})}, {2} in {frozenset({1})})
h = {frozenset({1}), 5}
h.remove({1})
h.discard({5})
print(h)

words = {"apple", "banana", "apple"}
print(len(words), "apple" in words, sorted(words))

try:
    {1}.remove(2)
except KeyError as e:
    print("KeyError", e, repr(e))
try:
    set().pop()
except KeyError as e:
    print("KeyError", e)
for bad in ([1], {1: 2}, {1}):
    try:
        {bad}
    except TypeError as e:
        print(e)
try:
    s = {1, 2}
    for v in s:
        s.add(v + 10)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    {1} + {2}
except TypeError as e:
    print(e)
try:
    {1} | [2]
except TypeError as e:
    print(e)
try:
    {1} < [1]
except TypeError as e:
    print(e)
try:
    s = {1}
    s |= [2]
except TypeError as e:
    print(e)
try:
    frozenset().add(1)
except AttributeError as e:
    print(e)
try:
    {1}[0]
except TypeError as e:
    print(e)
try:
    set(1)
except TypeError as e:
    print(e)
try:
    set([1], [2])
except TypeError as e:
    print(e)
try:
    {1}.add()
except TypeError as e:
    print(e)
try:
    {1}.pop(0)
except TypeError as e:
    print(e)
try:
    {[]: 1}
except TypeError as e:
    print(e)
try:
    {{1}: 1}
except TypeError as e:
    print(e)
try:
    hash({1})
except TypeError as e:
    print(e)
print({1, 2}.isdisjoint(set()), set().issubset(set()), set() < {1})
