def show(v):
    print("  see", v)
    return v


def source():
    print("source evaluated")
    return [1, 2, 3]


g = (show(x) * 2 for x in source() if x != 2)
print(repr(g).split(" at ")[0], type(g).__name__)
print("made")
print(next(g))
print(list(g))
print(list(g))

g = ((x, y) for x in map(show, [1, 2]) for y in map(show, "ab") if y != "b")
print("nested made")
for p in g:
    print("pair", p)

print(sum(x * x for x in range(4)), max(len(w) for w in ["a", "abc", "ab"]))
print("".join(c.upper() for c in "hey"), tuple(i for i in range(3)))
print(next((w for w in ["x", "yy", "zzz"] if len(w) > 1), None))
print(next((w for w in [] if w), "none found"))


def gen_in_function(n):
    k = 10
    return (k + i for i in range(n))


print(list(gen_in_function(3)))
evens = (i for i in range(10) if i % 2 == 0)
for e in evens:
    if e > 4:
        break
print("rest", list(evens))
