import torch
a = torch.arange(6.).reshape(2, 3).requires_grad_()
b = torch.arange(12.).reshape(3, 4).requires_grad_()
c = torch.einsum('ij,jk->ik', a, b)
print(c)
print(torch.einsum('ij,jk', [a, b]).grad_fn.name())
print(torch.einsum('ij->ji', a))
print(torch.einsum('ij->', a))
print(torch.einsum('ba', a).grad_fn.name())
m = torch.arange(9.).reshape(3, 3)
print(torch.einsum('ii', m), torch.einsum('ii->i', m))
print(torch.einsum('i,i->', torch.tensor([1., 2., 3.]), torch.tensor([4., 5., 6.])))
print(torch.einsum('i,j->ij', torch.tensor([1, 2]), torch.tensor([3, 4, 5])))
print(torch.einsum('ij,ij->ij', a, a).grad_fn.name())
x = torch.arange(24.).reshape(2, 3, 4)
y = torch.arange(8.).reshape(2, 4)
print(torch.einsum('bij,bj->bi', x, y))
print(torch.einsum('...ij->...ji', x).shape, torch.einsum('bij->j', x))
print(torch.einsum(x, [0, 1, 2], [2, 1, 0]).shape)
print(torch.einsum(a, [..., 0], b, [0, 1], [..., 1]))
l = torch.tensor([[1., 2.], [0., -1.]])
A = torch.arange(12.).reshape(3, 2, 2)
r = torch.tensor([[1., 1.], [2., -1.]])
print(torch.einsum('bn,anm,bm->ba', l, A, r))
print(torch.einsum('i,i', torch.tensor([1., 2.], dtype=torch.float64), torch.tensor([3., 4.], dtype=torch.float64)))
c.sum().backward()
print(a.grad)
print(b.grad)
for eq, ops in [('ij,jk->ik', [a]), ('ij->ik', [a]), ('i', [a]), ('ij,jk', [a, a]), ('i1', [a]),
                ('ii->i', [a]), ('i.j', [a]), ('ij->ii', [a])]:
    try:
        torch.einsum(eq, *ops)
    except RuntimeError as e:
        print(e)
try:
    torch.einsum('ij')
except ValueError as e:
    print(e)
torch.einsum('ij,jk->ik', a, b, a)
