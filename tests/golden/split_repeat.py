import torch
x = torch.arange(7.).requires_grad_()
parts = torch.tensor_split(x, 3)
print(parts)
(parts[0].sum() + parts[1].sum() * 2 + parts[2].sum() * 3).backward()
print(x.grad)
xd = x.detach()
print(xd.tensor_split([1, 5]))
print(torch.tensor_split(xd, [5, 2, -1]))
print(torch.tensor_split(torch.arange(3), 5))
print(torch.tensor_split(torch.arange(8).reshape(2, 4), torch.tensor(3), dim=1))
print(torch.tensor_split(torch.arange(8).reshape(2, 4), torch.tensor([1, 3]), dim=-1))
for bad in [lambda: torch.tensor_split(torch.tensor(1.0), 2),
            lambda: xd.tensor_split(0),
            lambda: xd.tensor_split(torch.tensor(1.5))]:
    try:
        bad()
    except RuntimeError as e:
        print(e)
w = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
r = w.repeat_interleave(torch.tensor([1, 2]), dim=0)
print(r)
(r * torch.arange(6.).reshape(3, 2)).sum().backward()
print(w.grad)
w2 = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
r2 = w2.repeat_interleave(2)
print(r2)
(r2 * torch.arange(8.)).sum().backward()
print(w2.grad)
print(torch.repeat_interleave(torch.tensor([2, 0, 1])))
print(torch.repeat_interleave(torch.tensor([1, 2], dtype=torch.int32)))
print(torch.tensor([[1, 2], [3, 4]]).repeat_interleave(3, dim=1))
print(torch.repeat_interleave(torch.tensor([[1, 2], [3, 4]]), torch.tensor(2), dim=-1, output_size=4))
for bad in [lambda: torch.tensor([1, 2]).repeat_interleave(torch.tensor([1, 2, 3]), dim=0),
            lambda: torch.tensor([1, 2]).repeat_interleave(2, output_size=5),
            lambda: torch.repeat_interleave(torch.tensor([1, -1]))]:
    try:
        bad()
    except RuntimeError as e:
        print(e)
