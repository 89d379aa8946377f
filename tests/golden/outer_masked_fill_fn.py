import torch
a = torch.tensor([1., 2., 3.])
b = torch.tensor([1., -1.])
print(torch.outer(a, b))
print(a.outer(b).shape, torch.ger(b, a).shape, b.ger(a).stride())
print(torch.outer(torch.tensor([1, 2]), torch.tensor([3, 4])))
print(torch.outer(torch.tensor([1, 2]), torch.tensor([0.5])))
x = torch.tensor([1., 2.], requires_grad=True)
y = torch.tensor([3., 4., 5.], requires_grad=True)
o = torch.outer(x, y)
print(o.grad_fn.name(), o.grad_fn.next_functions[0][0].name())
o.sum().backward()
print(x.grad, y.grad)
for f in [lambda: torch.outer(torch.ones(2, 2), torch.ones(2)), lambda: torch.ger(torch.ones(2), torch.tensor(1.))]:
    try:
        f()
    except RuntimeError as e:
        print(e)

t = torch.tensor([1., 2., 3., 4.])
mask = torch.tensor([True, False, True, False])
print(torch.masked_fill(t, mask, 0.5))
print(torch.masked_fill(t, mask, torch.tensor(-1.)), t)
w = torch.tensor([1., 2., 3.], requires_grad=True)
r = torch.masked_fill(w, torch.tensor([False, True, False]), 0.)
print(r.grad_fn.name())
r.sum().backward()
print(w.grad)
