# collections.defaultdict (default_factory, missing keys inserted) and collections.Counter
# (counting, most_common, update/subtract, missing keys read as 0) against CPython.
from collections import defaultdict, Counter, OrderedDict
import collections

d = defaultdict(list)
for k, v in [("a", 1), ("b", 2), ("a", 3)]:
    d[k].append(v)
print(d)
print(repr(d), str(d))
print(d["zz"], len(d), "zz" in d)
print(d.default_factory, type(d), type(d).__name__)
print(isinstance(d, dict), isinstance(d, defaultdict), isinstance({}, defaultdict))
print(d.get("missing"), "missing" in d)
n = defaultdict(int)
for ch in "mississippi":
    n[ch] += 1
print(n)
print(sorted(n.items()), dict(n))
e = defaultdict()
print(e, e.default_factory)
try:
    e["x"]
except KeyError as err:
    print("KeyError", err)
f = defaultdict(None, {"p": 1}, q=2)
print(f)
g = defaultdict(lambda: "dflt")
print(g["k"], list(g.items()))
s = defaultdict(set)
s[1].add("x")
print(s)
c2 = n.copy()
print(type(c2).__name__, c2 == n, c2 is n)
nested = defaultdict(lambda: defaultdict(int))
nested["x"]["y"] += 2
print(dict(nested["x"]), len(nested))
try:
    defaultdict(3)
except TypeError as err:
    print("TypeError", err)
print(defaultdict(int, a=1) == {"a": 1})

c = Counter("abracadabra")
print(c)
print(c.most_common(2))
print(c.most_common())
print(c["a"], c["zzz"], "zzz" in c, len(c))
print(Counter())
print(Counter(["x", "y", "x", "z", "y", "x"]))
print(Counter({"red": 4, "blue": 2}))
print(Counter(cats=4, dogs=8))
c.update("aab")
print(c)
c.update({"r": 10})
print(c.most_common(1))
c.subtract("aaaa")
print(c)
print(sorted(c.elements()))
print(c.total())
words = "the cat and the hat and the bat".split()
wc = Counter(words)
for word, count in wc.most_common(3):
    print(word, count)
print(type(wc).__name__, isinstance(wc, dict), isinstance(wc, collections.Counter))
print(wc.most_common(0), wc.most_common(10)[-1])
cc = wc.copy()
cc["the"] += 5
print(cc["the"], wc["the"], type(cc).__name__)
print(dict(Counter("aab")), list(Counter("bba")))
t = Counter([1, 2, 2, 3, 3, 3])
print(t, t[3])
print(OrderedDict(a=1), collections.OrderedDict())
print(Counter("hello") == {"h": 1, "e": 1, "l": 2, "o": 1})
