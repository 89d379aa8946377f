import torch
inp = torch.tensor([[1.0, -1.0], [0.5, 2.0]], requires_grad=True)
b1 = torch.tensor([[[1.0, 2.0, 0.5], [0.0, -1.0, 1.0]], [[2.0, 0.0, 1.0], [1.0, 1.0, 1.0]]], requires_grad=True)
b2 = torch.tensor([[[1.0, 0.0], [0.5, 1.0], [2.0, -1.0]], [[0.0, 1.0], [1.0, 1.0], [-1.0, 2.0]]], requires_grad=True)
o = torch.addbmm(inp, b1, b2, beta=0.5, alpha=-2)
print(o)
(o * torch.tensor([[1.0, 2.0], [3.0, 4.0]])).sum().backward()
print(inp.grad)
print(b1.grad)
print(b2.grad)
print(torch.tensor([float('nan'), 1.0]).addbmm(b1.detach(), b2.detach(), beta=0))
print(torch.addbmm(torch.ones(2, 2), torch.zeros(0, 2, 3), torch.zeros(0, 3, 2), beta=3))
try:
    torch.addbmm(torch.zeros(2, 2), b1.detach(), b2.detach()[:1])
except RuntimeError as e:
    print(e)
