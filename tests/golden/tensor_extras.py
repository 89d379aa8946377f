import torch
x = torch.arange(12.).requires_grad_()
print(x.unflatten(0, (3, -1)))
print(torch.unflatten(torch.ones(2, 6), 1, (2, 3)).shape)
for sizes in [(), (5, 2)]:
    try:
        x.unflatten(0, sizes)
    except RuntimeError as e:
        print(e)
t = torch.arange(6.).reshape(2, 3).requires_grad_()
print(t.sum_to_size(1, 3))
print(t.sum_to_size(3))
print(t.sum_to_size((2, 1)))
print(t.sum_to_size(2, 3) is t)
try:
    t.sum_to_size(4)
except RuntimeError as e:
    print(e)
s = torch.zeros(2, 3, requires_grad=True)
m = torch.tensor([[True, False, True], [False, True, False]])
src = torch.arange(1., 7.).requires_grad_()
ms = s.masked_scatter(m, src)
print(ms)
(ms * torch.arange(6.).reshape(2, 3)).sum().backward()
print(s.grad)
print(src.grad)
print(torch.masked_scatter(torch.zeros(3), torch.tensor([True, False, True]), torch.tensor([7., 8.])))
print(torch.zeros(2, 2).masked_scatter(torch.tensor([True, False]), torch.tensor([1., 2., 3.])))
a = torch.ones(4)
a.masked_scatter_(torch.tensor([False, True, True, False]), torch.tensor([5., 6.]))
print(a, a._version)
try:
    torch.zeros(3).masked_scatter(torch.tensor([True, True, True]), torch.tensor([1., 2.]))
except RuntimeError as e:
    print(e)
try:
    torch.zeros(2).masked_scatter(torch.tensor([True, False]), torch.ones(2, dtype=torch.float64))
except RuntimeError as e:
    print(e)
print(torch.tensor([0.]).is_nonzero(), torch.is_nonzero(torch.tensor([[2]])), torch.tensor(float('nan')).is_nonzero(),
      torch.tensor(False).is_nonzero())
try:
    torch.tensor([]).is_nonzero()
except RuntimeError as e:
    print(e)
torch.manual_seed(0)
r1 = torch.randint(0, 10, (5,))
torch.manual_seed(0)
r2 = torch.randint_like(torch.zeros(5), 10)
print(r2.dtype, torch.equal(r1.float(), r2))
c = torch.randint_like(torch.zeros(2, 2, dtype=torch.int32), 3, 5)
print(c.dtype, ((c >= 3) & (c < 5)).all())
print(torch.concatenate([torch.ones(1), torch.zeros(2)]))
torch.tensor([1, 2]).is_nonzero()
