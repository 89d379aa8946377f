import torch
x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
for row in x:
    print(row)
a, b = torch.tensor([5, 6])
print(a, b)
print(2 in torch.tensor([1, 2]), 7 in torch.tensor([1, 2]))
