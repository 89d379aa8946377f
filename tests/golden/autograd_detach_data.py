import torch
x = torch.tensor([1., 2.], requires_grad=True)
d = x.data
print(d.requires_grad, d._version, d.is_leaf)
d[0] = 10
print(x, x._version)
e = x.detach()
e[1] = 20
print(x, x._version)
x.data = torch.tensor([5., 6., 7.])
print(x, x.shape)
