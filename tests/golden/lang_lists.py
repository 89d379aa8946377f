# lists, tuples and their methods; slicing and slice assignment; identity and aliasing
a = [3, 1, 4, 1, 5, 9, 2, 6]
print(a, len(a), a[0], a[-1], a[2:5], a[::2], a[::-1], a[5:2:-1], a[-3:])
a.append(7); a.extend([8, 8]); a.insert(0, 0); a.insert(-1, 99)
print(a)
print(a.pop(), a.pop(0), a.index(4), a.count(1), a.count(8))
a.remove(1)
print(a)
a.sort()
print(a)
a.sort(reverse=True)
print(a)
a.reverse()
print(a)
b = a
c = a.copy()
b.append(100)
print(a is b, a is c, a == c, len(c))
del a[0]
del a[1:3]
print(a)
a[1:3] = ["x", "y", "z"]
print(a)
a[::2] = [0] * len(a[::2])
print(a)
a.clear()
print(a, bool(a), not a)
t = (1, "two", 3.0)
print(t, t[1], t[1:], len(t), t.index(3.0), t.count(1), (1,), (), tuple([1, 2]))
print([1, 2] + [3], [0] * 4, (1, 2) + (3,), [[0] * 2] * 2)
nested = [[1, 2], [3, [4, 5]]]
print(nested[1][1][0], nested)
print(sorted([3, 1, 2]), sorted("cab"), sorted([(2, "b"), (1, "z"), (2, "a")]), sorted([-3, 1, 2], key=abs))
words = ["bb", "a", "ccc", "dd"]
print(sorted(words, key=len), sorted(words, key=len, reverse=True), max(words, key=len), min(words))
print(list(range(5)), list(range(2, 10, 3)), list(range(5, 0, -2)), range(3), len(range(0, 10, 3)))
print(list(reversed([1, 2, 3])), list(enumerate("ab", 1)), list(zip([1, 2, 3], "ab")))
m = [[1, 2, 3], [4, 5, 6]]
print([list(r) for r in zip(*m)])
x = [1, 2, 3]
x += [4]
y = x
x += (5,)
print(x, y is x)
print(3 in [1, 2, 3], 4 not in (1, 2), [1, [2]] == [1, [2]], [] == [], [1] != [1.0])
lst = [0, 1, 2]
for v in lst:
    if v < 3:
        lst.append(v + 3)
print(lst)
