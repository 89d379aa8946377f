import torch
x = torch.ones(2)
x.requires_grad = True
print(x)
y = torch.zeros(2)
y.requires_grad_()
print(y.requires_grad, y.is_leaf)
z = (x * y).sum()
print(z.requires_grad, z.grad_fn.name())
torch.tensor([1, 2]).requires_grad_()
