# copy.copy and copy.deepcopy of sets: deepcopy rebuilds through set(list(s)), so the order can change.
import copy
s = {1, 2, (3, 4)}
c = copy.copy(s); d = copy.deepcopy(s)
print(c, d, c is s, d is s, c == s)
f = frozenset([1, 2])
print(copy.copy(f) is f, copy.deepcopy({"k": {5, 6}}))
print(copy.deepcopy({100, 5, 37, 8}), copy.copy({100, 5, 37, 8}), copy.deepcopy(frozenset({100, 5, 37, 8})))
x = {100, 5, 37, 8}
x.discard(5)
print(copy.deepcopy(x), copy.copy(x))
it = iter({1, 2})
print(next(it), list(it), type(iter(set())).__name__)
