# torch.sigmoid_ / tanh_ / abs_ / relu_: in-place on their input, which they return.
import torch
a = torch.tensor([-1.0, 0.5])
b = a.clone()
print(torch.sigmoid_(b) is b, b._version)
print(b)
print(torch.tanh_(a.clone()), torch.abs_(a.clone()), torch.relu_(a.clone()))
w = torch.tensor([1.0, -2.0], requires_grad=True)
y = w * 2
torch.tanh_(y)
print(y.grad_fn.name())
torch.relu_(w)
