class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        print("iter called")
        return self

    def __next__(self):
        if self.n <= 0:
            print("stop")
            raise StopIteration
        self.n -= 1
        print("next ->", self.n + 1)
        return self.n + 1


for v in Countdown(3):
    print("body", v)

c = Countdown(2)
print(list(c))
print(list(c))


class Bag:
    def __init__(self, *items):
        self.items = list(items)

    def __iter__(self):
        return BagIter(self)


class BagIter:
    def __init__(self, bag):
        self.bag = bag
        self.i = 0

    def __next__(self):
        if self.i >= len(self.bag.items):
            raise StopIteration
        self.i += 1
        return self.bag.items[self.i - 1]

    def __iter__(self):
        return self


b = Bag("a", "b", "c")
print([x.upper() for x in b])
print(tuple(b), set(b) == {"a", "b", "c"}, "-".join(b))
print(sum(Bag(1, 2, 3)), min(Bag(4, 2, 9)), max(Bag(4, 2, 9)))
first, *rest = Bag(1, 2, 3)
print(first, rest)
print(dict(zip(Bag("x", "y"), Bag(1, 2))))
it = iter(b)
print(next(it), next(it), next(it), next(it, "default"))
print("b" in Bag("a", "b"), "z" in Bag("a", "b"))
it = iter(Bag(1, 2, 3, 4))
print(2 in it, list(it))   # `in` stops at the match

# StopIteration raised by next() ends a loop over a user iterator early
class Pairs:
    def __init__(self, xs):
        self.it = iter(xs)

    def __iter__(self):
        return self

    def __next__(self):
        a = next(self.it)
        b = next(self.it)
        return a, b


print(list(Pairs([1, 2, 3, 4, 5])))
try:
    next(iter([]))
except StopIteration:
    print("StopIteration caught")
