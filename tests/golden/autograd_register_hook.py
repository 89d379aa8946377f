# Tensor.register_hook: hooks see (and may replace) gradients during backward()
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
def show(g):
    print("grad of y:", g)
h = y.register_hook(show)
hx = x.register_hook(lambda g: g * 10)
y.sum().backward()
print(x.grad)
print(type(h).__name__)
h.remove()
hx.remove()
h.remove()
x.grad = None
(x * 2).sum().backward()
print(x.grad)

# retain_grad's hook runs after the others, whatever the order of registration
x.grad = None
z = x * 2
z.retain_grad()
z.register_hook(lambda g: g + 1)
z.sum().backward()
print(z.grad, x.grad)

# a hook lives on the graph: it runs even when its tensor's name is gone
x.grad = None
t = x.exp()
t.register_hook(lambda g: print("t hook ran"))
s = t.sum()
del t
s.backward()

# several hooks on one leaf run in registration order
a = torch.tensor(2., requires_grad=True)
a.register_hook(lambda g: g + 1)
a.register_hook(lambda g: g * 3)
(a * a).backward()
print(a.grad)

try:
    torch.ones(2).register_hook(print)
except RuntimeError as e:
    print(e)
w = torch.ones(2, requires_grad=True)
w.register_hook(lambda g: torch.ones(3))
try:
    (w * 2).sum().backward()
except RuntimeError as e:
    print(e)
def bad(g):
    return 5
v = torch.ones(2, requires_grad=True)
v.register_hook(bad)
(v * 2).sum().backward()
