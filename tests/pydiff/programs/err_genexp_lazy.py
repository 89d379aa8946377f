g = (10 // x for x in [5, 2, 0, 1])
print("made")
for v in g:
    print(v)
