import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = (x * x).sum()
y.backward()
print(x.grad)
x.grad = None
z = x.mean()
z.backward()
print(x.grad)
x.grad.zero_()
print(x.grad)
w = x * 2
w.backward(torch.ones(3))
print(x.grad)
g, = torch.autograd.grad((x ** 2).sum(), x)
print(g)
print(y.requires_grad, y.is_leaf, x.is_leaf)
