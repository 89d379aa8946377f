import itertools
x = list(itertools.count())
