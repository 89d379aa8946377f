class Layer:
    count = 0
    def __init__(self, n_in, n_out, bias=True):
        self.n_in, self.n_out = n_in, n_out
        self.bias = bias
        Layer.count += 1
    def __repr__(self):
        return f"{type(self).__name__}(in={self.n_in}, out={self.n_out}, bias={self.bias})"
    def forward(self, x):
        raise NotImplementedError("subclasses implement forward")
class Linear(Layer):
    def forward(self, x):
        return [v * 2 for v in x]
class Model:
    def __init__(self, *layers):
        self.layers = list(layers)
    def __call__(self, x):
        for layer in self.layers:
            x = layer.forward(x)
        return x
    def __len__(self):
        return len(self.layers)
    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return Model(*self.layers[idx])
        return self.layers[idx]
    def __repr__(self):
        inner = "\n".join(f"  ({i}): {l!r}" for i, l in enumerate(self.layers))
        return f"Model(\n{inner}\n)"
    def __iter__(self):
        return iter(self.layers)
    def __contains__(self, item):
        return item in self.layers
m = Model(Linear(2, 3), Linear(3, 1, bias=False))
print(m)
print(m([1, 2]), len(m), m[0], m[-1], m[0:1], Layer.count)
print([type(l).__name__ for l in m], m[0] in m)
try:
    Layer(1, 1).forward([1])
except NotImplementedError as e:
    print("NotImplementedError:", e)
class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __eq__(self, o):
        return (self.x, self.y) == (o.x, o.y)
    def __hash__(self):
        return hash((self.x, self.y))
    def __lt__(self, o):
        return (self.x, self.y) < (o.x, o.y)
    def __add__(self, o):
        return Point(self.x + o.x, self.y + o.y)
    def __mul__(self, k):
        return Point(self.x * k, self.y * k)
    def __rmul__(self, k):
        return self * k
    def __neg__(self):
        return Point(-self.x, -self.y)
    def __str__(self):
        return f"({self.x}, {self.y})"
    __repr__ = __str__
p = Point(1, 2)
print(p + p, p * 3, 3 * p, -p, p == Point(1, 2), p != Point(0, 0), len({p, Point(1, 2)}))
print(sorted([Point(2, 0), Point(1, 5)]), max([Point(2, 0), Point(1, 5)]))
class Base:
    def __init__(self):
        self.log = ["Base"]
    def hello(self):
        return "base hello"
class Mid(Base):
    def __init__(self):
        super().__init__()
        self.log.append("Mid")
class Leaf(Mid):
    def __init__(self):
        super(Leaf, self).__init__()
        self.log.append("Leaf")
    def hello(self):
        return "leaf + " + super().hello()
leaf = Leaf()
print(leaf.log, leaf.hello(), isinstance(leaf, Base), type(leaf) is Leaf, type(leaf) == Mid)
class Temp:
    def __init__(self, c):
        self._c = c
    @property
    def f(self):
        return self._c * 9 / 5 + 32
    @f.setter
    def f(self, v):
        self._c = (v - 32) * 5 / 9
t = Temp(100)
print(t.f)
t.f = 32
print(t._c, t.f)
class Registry:
    items = []
    @classmethod
    def register(cls, x):
        cls.items.append(x)
        return cls
Registry.register(1).register(2)
print(Registry.items)
print(str(p), repr(p), f"{p}", [p], format(3.5, ".1f"))
