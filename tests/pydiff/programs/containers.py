a = [3, 1, 2]
a.append(4); a.extend([5, 6]); a.insert(0, 0)
print(a, a.pop(), a.pop(0), a)
a.remove(2); print(a, a.index(4), a.count(1))
a.sort(); print(a); a.sort(reverse=True); print(a); a.reverse(); print(a)
b = a.copy(); b.clear(); print(a, b)
print(a[::-1], a[-1:0:-1], a[::-2], a[1:-1], a[-100:100], a[3:1])
a[1:3] = [9, 9, 9]; print(a)
del a[0]; print(a)
del a[::2]; print(a)
nested = [[1, 2], [3, [4, 5]], (6, 7), {"k": [8]}, "s", None, True, 1.5]
print(nested, repr(nested), str(nested))
print([[0] * 2 for _ in range(2)], [(i, j) for i in range(2) for j in range(2) if i != j])
d = {"b": 2, "a": 1}
d["c"] = 3
print(d, d.keys(), d.values(), d.items(), list(d), len(d))
print(d.get("z"), d.get("z", 0), d.pop("b"), d, d.setdefault("e", 5), d)
d.update({"a": 10}, f=6); print(d)
print({k: v * 2 for k, v in d.items() if v > 3}, dict(zip("ab", [1, 2])), dict(a=1), dict([("x", 1)]))
print(sorted(d), sorted(d.items(), key=lambda kv: kv[1], reverse=True))
for k in d: print(k, end=" ")
print()
print({**d, "z": 0}, d | {"q": 1} if True else None)
del d["a"]; print(d, "a" in d)
s = {3, 1, 2}
s.add(5); s.discard(9); s.remove(1)
print(s, len(s), {1, 2} | {3}, {1, 2} & {2, 3}, {1, 2} - {2}, {1, 2} ^ {2, 3}, {x % 3 for x in range(10)})
print(set(), set("aab") == {"a", "b"}, {1, 2} <= {1, 2, 3}, frozenset([1]))
t = (1, 2, 3)
print(t, t[1:], t.index(2), t.count(3), (1,), (), tuple([1, 2]), len(t))
print(list(range(10, 0, -3)), list(range(-5)), list(range(0, -10, -2)), range(5), range(1, 10, 2)[2], len(range(0, 10, 3)))
print(list(reversed([1, 2, 3])), sorted("bca"), sorted([3, 1, 2], reverse=True), sum(range(101)))
print(any([0, 0, 1]), all([]), any([]), all([1, 0]))
print(list(map(str, [1, 2])), list(filter(None, [0, 1, 2, ""])), list(map(lambda x, y: x + y, [1, 2], [3, 4])))
print(list(zip([1, 2, 3], "ab")), list(zip()), list(enumerate("ab", start=5)))
print(max([1, 5, 3], key=lambda v: -v), min([], default=None), max("abc"), min(3, 1, 2), max([], default=0), max([(1, 'b'), (1, 'a')]))
print([1, 2] == [1, 2], [1, 2] < [1, 3], (1, 2) < (1, 2, 0), [] == [], {1: 2} == {1: 2})
m = [[1, 2, 3], [4, 5, 6]]
print([list(r) for r in zip(*m)], [x for row in m for x in row])
print(list(dict.fromkeys("abca")), [i for i in range(3)][-1])
x = [1, 2]
y = x
y += [3]
print(x, x is y)
print(len([]), len({}), len(""), len(range(3)), len({1}), len((1, 2)))
