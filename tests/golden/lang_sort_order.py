# list.sort / sorted: stability, key=, reverse=, and CPython's comparison order
pairs = [(1, "b"), (0, "z"), (1, "a"), (0, "y"), (2, "c")]
print(sorted(pairs, key=lambda p: p[0]))
print(sorted(pairs, key=lambda p: p[0], reverse=True))
big = [(i * 7919) % 101 for i in range(200)]
print(sorted(big)[:5], sorted(big)[-3:], len(sorted(big)))
print(sorted(big, reverse=True)[:4])
words = ["pear", "Fig", "apple", "fig", "Apple"]
words.sort(key=lambda w: w.lower())
print(words)
calls = []
class Loud:
    def __init__(self, v):
        self.v = v
    def __lt__(self, other):
        calls.append((self.v, other.v))
        return self.v < other.v
    def __repr__(self):
        return f"L{self.v}"
print(sorted([Loud(3), Loud(1), Loud(2), Loud(5), Loud(4)]))
print(calls)
try:
    sorted([1, 2, "x", 0])
except TypeError as e:
    print(e)
print(sorted([3, "a", 1]))
