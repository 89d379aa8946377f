# torch.autograd.functional, expected output derived from torch/autograd/functional.py: jacobian
# (one autograd.grad per output element, stacked to out.size() + in.size(); unused inputs give
# zeros; tuples in -> tuples out), hessian (jacobian of jacobian with create_graph=True, single-element
# output required), vjp (v^T J), jvp (J v via the double-backward trick), _validate_v's and vjp's
# messages; results are detached unless create_graph. Values by hand: d(3x^2)/dx = 6x,
# d^2(x^3)/dx^2 = 6x, cumsum's Jacobian is lower-triangular ones.
import torch
from torch.autograd.functional import jacobian, hessian, vjp, jvp

def f(x):
    return x ** 2 * 3
x = torch.tensor([1., 2.])
print(jacobian(f, x))

def g(a, b):
    return a * b
print(jacobian(g, (torch.tensor([1., 2.]), torch.tensor([3., 4.]))))
print(jacobian(lambda a, b: a * 2, (torch.tensor([1.]), torch.tensor([5.]))))

def pow_reducer(x):
    return x.pow(3).sum()
print(hessian(pow_reducer, x))

h = lambda t: t.cumsum(0)
v = torch.tensor([1., 10.])
print(vjp(h, x, v))
print(jvp(h, x, v))
print(vjp(pow_reducer, x))
print(x.requires_grad)

def attempt(fn):
    try:
        fn()
    except RuntimeError as e:
        print("RuntimeError:", e)
attempt(lambda: vjp(h, x))
attempt(lambda: vjp(h, x, torch.ones(3)))
attempt(lambda: hessian(h, x))
