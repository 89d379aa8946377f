import torch
x = torch.tensor([[1.0, 5.0, 5.0], [-2.0, 0.5, -2.0]], requires_grad=True)
r = torch.aminmax(x)
print(r)
(r.min * 2 + r.max * 3).backward()
print(x.grad)
y = torch.tensor([[1.0, 5.0, 5.0], [-2.0, 0.5, -2.0]], requires_grad=True)
mn, mx = y.aminmax(dim=1, keepdim=True)
print(mn)
print(mx)
(mn.sum() + (mx * torch.tensor([[10.0], [20.0]])).sum()).backward()
print(y.grad)
z = torch.tensor([[1.0, 5.0, 5.0], [-2.0, 0.5, -2.0]], requires_grad=True)
print(torch.aminmax(z, dim=0).max.sum().backward(), z.grad)
print(torch.aminmax(torch.tensor([3, 1, 2]), keepdim=True))
print(torch.aminmax(torch.tensor(7)))
for bad in [lambda: torch.aminmax(torch.zeros(2, 0)),
            lambda: torch.aminmax(torch.zeros(2, 0), dim=1)]:
    try:
        bad()
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__, e)
