# itertools and functools as tutorials use them: grids of hyper-parameters, chained parameter
# lists, slices of endless iterators; and laziness (the prints interleave as in CPython).
import itertools
import functools
from itertools import product, chain, islice, count

for lr, bs in product([0.1, 0.01], [16, 32]):
    print(lr, bs)
print(list(product("ab", repeat=2)), list(product()), list(product([], [1])))
print(list(chain([1, 2], (3,), "ab")), list(chain.from_iterable([[1], [2, 3]])))
print(list(islice(count(), 5)), list(islice(count(10, 2), 2, 8, 3)), list(islice("abcdef", 2, None)))
print(list(islice(range(10), None)), list(islice(range(10), 3, 3)))
print(list(itertools.permutations([1, 2, 3])), list(itertools.permutations("abc", 2)))
print(list(itertools.combinations(range(4), 2)), list(itertools.combinations("ab", 3)))
print(list(itertools.combinations_with_replacement("abc", 2)))
print(list(itertools.accumulate([1, 2, 3, 4])), list(itertools.accumulate([1, 2, 3], lambda a, b: a * b)))
print(list(itertools.accumulate([1, 2], initial=100)), list(itertools.accumulate([])))
print(list(itertools.zip_longest("abc", [1], fillvalue="-")), list(itertools.zip_longest()))
print(list(itertools.starmap(pow, [(2, 3), (3, 2)])))
print(list(itertools.takewhile(lambda x: x < 3, [1, 2, 3, 1])), list(itertools.dropwhile(lambda x: x < 3, [1, 2, 3, 1])))
print(list(itertools.pairwise("abcd")), list(itertools.repeat("x", 3)), list(zip(range(3), itertools.repeat(0))))
print(list(islice(itertools.cycle("ab"), 5)))
print(type(count()), itertools.product, type(chain()).__name__)

def noisy(n):
    for i in range(n):
        print("  make", i)
        yield i

for a, b in zip(noisy(3), itertools.count(100)):
    print(a, b)
it = islice(noisy(10), 2)
print(next(it))
print(list(it))

print(functools.reduce(lambda a, b: a * b, [1, 2, 3, 4]), functools.reduce(max, [], 7))
try:
    functools.reduce(max, [])
except TypeError as e:
    print(e)
def power(base, exp=2):
    return base ** exp
square = functools.partial(power, exp=2)
cube = functools.partial(power, exp=3)
print(square(5), cube(2), cube(2, exp=4), functools.partial(power, 3)())
print(list(map(functools.partial(power, exp=3), range(4))))
try:
    list(islice([1], -1))
except ValueError as e:
    print(e)
