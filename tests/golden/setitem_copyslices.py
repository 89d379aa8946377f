import torch
x = torch.ones(3, requires_grad=True)
b = x.clone()
b[0] = 5
print(b)
print(b.grad_fn.name())
b.sum().backward()
print(x.grad)
