# list / dict comprehensions and generator expressions
print([x * x for x in range(6)])
print([x for x in range(20) if x % 3 == 0 if x % 2 == 0])
print([(i, j) for i in range(3) for j in range(i)])
print([[r * c for c in range(3)] for r in range(3)])
print({w: len(w) for w in ["torch", "nn", "optim"]})
print({k: v for k, v in zip("abc", [1, 2, 3]) if v != 2})
print(sum(x for x in range(101)), max(len(w) for w in ["a", "abc", "ab"]))
print(any(x > 5 for x in [1, 9]), all(x > 0 for x in [1, -1]), list(x + 1 for x in (1, 2)))
print(sorted((v, k) for k, v in {"a": 2, "b": 1}.items()))
words = ["apple", "bob", "kayak", "torch"]
print([w.upper() for w in words if w == w[::-1]])
matrix = [[1, 2], [3, 4], [5, 6]]
print([v for row in matrix for v in row], [row[1] for row in matrix])
print([i if i % 2 else -i for i in range(5)])
x = "outer"
print([x for x in "ab"], x)
print([(lambda v: v * 10)(i) for i in range(3)])
print(", ".join(str(i) for i in range(4)))
print(dict((i, i * i) for i in range(3)))
print(tuple(c for c in "hey"), list(zip(*[(1, "a"), (2, "b")])))
