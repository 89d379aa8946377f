class Vec:
    """A tiny vector."""
    dims = 2
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def __repr__(self):
        return f"Vec({self.x}, {self.y})"
    def __str__(self):
        return f"<{self.x}, {self.y}>"
    def __len__(self):
        return 2
    def __getitem__(self, i):
        return (self.x, self.y)[i]
    def __call__(self, k):
        return Vec(self.x * k, self.y * k)
    def __eq__(self, other):
        return isinstance(other, Vec) and self.x == other.x and self.y == other.y
    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y)
    def __lt__(self, o):
        return self.x < o.x
v = Vec(1, 2)
print(v, repr(v), str(v), len(v), v[0], v[-1], v(3))
print([v, v], {"k": v}, (v,))
print(v == Vec(1, 2), v != Vec(1, 3), v + v)
print(sorted([Vec(3, 0), Vec(1, 0)]))
print(list(v))
x, y = v
print(x, y)
print(f"{v}", f"{v!r}", "%s" % v, "{}".format(v))
print(Vec.dims, v.dims, Vec.__doc__)

class Animal:
    def __init__(self, name):
        self.name = name
    def speak(self):
        return f"{self.name} makes a sound"
    def kind(self):
        return type(self).__name__
class Dog(Animal):
    def __init__(self, name, breed):
        super().__init__(name)
        self.breed = breed
    def speak(self):
        return super().speak() + " (woof)"
d = Dog("Rex", "lab")
print(d.speak(), d.kind(), isinstance(d, Animal), issubclass(Dog, Animal), d.breed)
print(hasattr(d, "name"), getattr(d, "missing", "dflt"))
setattr(d, "age", 3)
print(d.age, d.__class__.__name__)
print(Dog.__bases__[0].__name__)

class Plain:
    pass
p = Plain()
p.a = 1
print(p.__dict__)
print(str(Plain)[:15])

class Counter:
    count = 0
    def __init__(self):
        Counter.count += 1
Counter(); Counter()
print(Counter.count)

class WithBool:
    def __bool__(self):
        return False
print(bool(WithBool()), "yes" if WithBool() else "no")

class Seq:
    def __init__(self): self.items = [1, 2, 3]
    def __len__(self): return len(self.items)
    def __iter__(self): return iter(self.items)
    def __contains__(self, x): return x in self.items
print(len(Seq()), list(Seq()), 2 in Seq(), sum(Seq()))
