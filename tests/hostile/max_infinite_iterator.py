import itertools
print(max(itertools.count()))
