print(sorted([3, "a", 1]))
