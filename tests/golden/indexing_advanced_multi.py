import torch
x = torch.arange(12).view(3, 4)
print(x[[0, 2], [1, 3]])
print(x[range(3), [0, 1, 2]])
print(x[:, [0, 3]])
print(x[[[0], [2]], [1, 3]])
y = torch.zeros(3, 3)
y[[0, 1], [1, 2]] = 5
print(y)
z = torch.ones(2, 3, requires_grad=True)
print(z[[0, 1], [2, 0]].grad_fn.name())
x[[0, 5], [0, 0]]
