# classes: __init__, methods, class attributes, inheritance, super(), dunder methods, repr
class Point:
    dims = 2

    def __init__(self, x, y=0):
        self.x = x
        self.y = y

    def norm2(self):
        return self.x ** 2 + self.y ** 2

    def __repr__(self):
        return f"Point({self.x}, {self.y})"

    def __add__(self, other):
        return Point(self.x + other.x, self.y + other.y)

    def __eq__(self, other):
        return self.x == other.x and self.y == other.y

    def __len__(self):
        return 2

    def __getitem__(self, i):
        return (self.x, self.y)[i]

p = Point(3, 4)
q = Point(1)
print(p, q, p.norm2(), p + q, p == Point(3, 4), p == q, len(p), p[0], p[-1])
print(Point.dims, p.dims, isinstance(p, Point), type(p).__name__, str(p), [p, q])
p.z = 9
print(p.z, hasattr(p, "z"), hasattr(p, "w"), getattr(p, "w", "default"))
setattr(p, "w", 1)
print(p.w)

class Animal:
    def __init__(self, name):
        self.name = name

    def speak(self):
        return "..."

    def describe(self):
        return f"{self.name} says {self.speak()}"

class Dog(Animal):
    def __init__(self, name, breed):
        super().__init__(name)
        self.breed = breed

    def speak(self):
        return "woof"

class Puppy(Dog):
    def speak(self):
        return super().speak() + "!"

d = Puppy("rex", "lab")
print(d.describe(), d.breed, isinstance(d, Animal), isinstance(d, Dog), issubclass(Puppy, Animal))

class Counter:
    total = 0

    def __init__(self):
        Counter.total += 1
        self.calls = 0

    def __call__(self, v):
        self.calls += 1
        return v * 2

    def __str__(self):
        return f"Counter(calls={self.calls})"

c = Counter()
Counter()
print(c(21), c(1), c, Counter.total, callable(c))

class Box:
    def __init__(self):
        self.items = []

    def add(self, item):
        self.items.append(item)
        return self

print(Box().add(1).add(2).items)
bound = Box().add
print(type(bound).__name__)

class Temp:
    def __init__(self, c):
        self.c = c
    def __lt__(self, other):
        return self.c < other.c
    def __repr__(self):
        return f"T{self.c}"

print(sorted([Temp(3), Temp(1), Temp(2)]), max([Temp(3), Temp(5)]))
