import torch
x = torch.arange(24.).reshape(2, 3, 4)
y = torch.movedim(x, 0, -1)
print(y.shape, y.stride(), y._base is x._base)
print(x.moveaxis((0, 1), (2, 0)).shape, torch.moveaxis(x, -1, 0).stride())
print(x.movedim([1, 2], [2, 1]).shape)
s = torch.tensor(5.)
print(torch.movedim(s, 0, -1), s.movedim(-1, 0)._base is s)
a = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
m = a.movedim(1, 0)
print(m.grad_fn.name())
print(torch.tensor(2., requires_grad=True).movedim(0, 0).grad_fn.name())
(m * torch.tensor([[1., 0.], [2., 0.], [3., 1.]])).sum().backward()
print(a.grad)
for src, dst in [((0, 1), (0,)), ((0, -3), (1, 2)), ((0, 1), (2, -1))]:
    try:
        x.movedim(src, dst)
    except RuntimeError as e:
        print(e)
try:
    torch.movedim(x, 3, 0)
except IndexError as e:
    print(type(e).__name__, e)

t = torch.tensor([1, 2, 3])
print(t.tile((2,)))
print(torch.tile(t, (2, 2)))
m2 = torch.tensor([[1, 2], [3, 4]])
print(m2.tile(2))
print(m2.tile(2, 1, 1).shape)
g = torch.tensor([1., 2.], requires_grad=True)
tg = g.tile(3)
print(tg.grad_fn.name())
(tg * torch.arange(6.)).sum().backward()
print(g.grad)
