import torch
x = torch.ones(2, requires_grad=True)
y = x * 2
y.backward([torch.ones(2)])
print(x.grad)
y = x * 2
y.backward(1.0)
