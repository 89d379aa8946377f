# dicts: insertion order, methods, iteration, equality
d = {"a": 1, "b": 2}
d["c"] = 3
d["a"] = 10
print(d, len(d), d["b"], d.get("z"), d.get("z", -1), "a" in d, 1 in d)
print(list(d), list(d.keys()), list(d.values()), list(d.items()))
print(d.keys(), d.values(), d.items())
for k in d:
    print(k, d[k])
for k, v in d.items():
    print(k, "->", v)
print(d.pop("b"), d, d.pop("zz", "default"), d.setdefault("e", 5), d)
d.update({"f": 6}, g=7)
d.update([("h", 8)])
print(d)
del d["a"]
print(d, d == {"c": 3, "e": 5, "f": 6, "g": 7, "h": 8}, {1: 2} == {1: 2.0})
e = dict(x=1, y=2)
print(e, dict([(1, "a"), (2, "b")]), dict(e), dict(zip("ab", range(2))), {**e, "z": 0})
counts = {}
for ch in "mississippi":
    counts[ch] = counts.get(ch, 0) + 1
print(counts)
keys = {1: "int", 1.5: "float", "s": "str", (1, 2): "tuple", None: "none", True: "bool"}
print(keys, keys[1], keys[(1, 2)], keys[None])
print(d.popitem(), d, d.copy() == d, d.copy() is d)
d.clear()
print(d, bool(d))
print({k: len(k) for k in ["ab", "c"]}, dict.fromkeys if False else "skip")
