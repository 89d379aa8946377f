import torch
a = torch.arange(60.).reshape(3, 4, 5)
b = torch.arange(24.).reshape(4, 3, 2)
print(torch.tensordot(a, b, dims=([1, 0], [0, 1])))
x = torch.arange(6.).reshape(2, 3).requires_grad_()
y = torch.arange(12.).reshape(3, 4)
print(torch.tensordot(x, y, dims=1))
print(torch.tensordot(x, x, dims=2))
print(torch.tensordot(x, torch.ones(1, 4), dims=([1], [0])))
print(torch.tensordot(x, y, dims=torch.tensor(1)).shape, torch.tensordot(x, y, dims=0).shape)
for d in [3, -1, ([0], [0])]:
    try:
        torch.tensordot(x, y, dims=d)
    except RuntimeError as e:
        print(e)
try:
    torch.tensordot(x, y.long(), dims=1)
except RuntimeError as e:
    print(e)
print(torch.inner(torch.tensor([1., 2., 3.]), torch.tensor([0., 2., 1.])))
print(torch.inner(x, torch.tensor([[1., 0., 1.], [2., 1., 0.]])))
print(x.inner(torch.tensor(2.)))
try:
    torch.inner(x, torch.ones(2))
except RuntimeError as e:
    print(e)
print(torch.kron(torch.tensor([[1, 2], [3, 4]]), torch.tensor([[0, 1], [1, 0]])))
print(torch.kron(x, torch.ones(2)))
v = torch.tensor([2., 3.], requires_grad=True)
w = torch.vdot(v, torch.tensor([2., 1.]))
print(w)
w.backward()
print(v.grad)
try:
    torch.vdot(torch.ones(2), torch.ones(2, dtype=torch.float64))
except RuntimeError as e:
    print(e)
A = torch.arange(6.).reshape(2, 3)
B = torch.arange(12.).reshape(3, 4)
C = torch.arange(8.).reshape(4, 2)
print(torch.linalg.multi_dot([A, B, C]))
print(torch.linalg.multi_dot([torch.tensor([1., 2.]), A, torch.tensor([1., 0., 1.])]))
print(torch.linalg.multi_dot((x, B)).grad_fn.name(), torch.chain_matmul(x).grad_fn.name())
print(torch.chain_matmul(A, B, C, C.t()))
for ts in [[A], [A, A]]:
    try:
        torch.linalg.multi_dot(ts)
    except RuntimeError as e:
        print(e)
M = torch.zeros(2, 3)
v1 = torch.tensor([1., 2.])
v2 = torch.tensor([1., 2., 3.])
print(torch.addr(M, v1, v2))
print(torch.addr(torch.ones(3), v1, v2, beta=2, alpha=0.5))
print(torch.tensor([[1, 2, 3]]).addr(torch.tensor([1, 2]), torch.tensor([1, 1, 1])))
print(torch.addr(torch.zeros(2, 3, dtype=torch.int64), v1, torch.tensor([1, 2, 3])))
try:
    torch.addr(torch.zeros(2, 3, dtype=torch.int64), torch.tensor([1, 2]), torch.tensor([1, 2, 3]), alpha=0.5)
except RuntimeError as e:
    print(e)
M.addr_(v1, v2, alpha=2)
print(M)
Mg = torch.zeros(2, 3, requires_grad=True)
v1g = torch.tensor([1., 2.], requires_grad=True)
out = torch.addr(Mg, v1g, v2, beta=2, alpha=3)
print(out)
out.sum().backward()
print(Mg.grad)
print(v1g.grad)
torch.addr(M, torch.ones(2, 2), v2)
