# dict lookups through the hash index (python/objects/dict_index.cpp): int/float keys that compare
# equal, deletion, pop/setdefault/get, copies and Counter, in CPython 3.11 order.
d = {}
for i in range(100):
    d[i] = i
    d[float(i)] = -i
d[(1, 2)] = "t"
d["a"] = 1
print(len(d), d[5], d[5.0], d[(1, 2)], 7 in d, 7.5 in d, d.get(99), d.get(200, "no"))
del d[3]
print(3 in d, d[4], len(d), list(d)[:5])
for k in list(d)[:50]:
    d.pop(k)
print(len(d), d.setdefault(77, "x"), d.setdefault(1000, "new"), list(d)[-2:])
d2 = dict(d)
print(d2 == d, d2[1000])
import collections
c = collections.Counter("abracadabra" * 3)
print(c.most_common(2))
