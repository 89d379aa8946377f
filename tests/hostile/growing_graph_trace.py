import torch
w = torch.randn(50, 50, requires_grad=True)
total = 0
for i in range(1000):
    loss = (w * 2).sum()
    total = total + loss
print(total.grad_fn)
