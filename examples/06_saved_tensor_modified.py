# sigmoid saves its output for backward; changing it in place makes backward refuse.
import torch

a = torch.tensor([1., 2., 3.], requires_grad=True)
b = a.sigmoid()
print(b._version)
b.mul_(2)
print(b._version, b.grad_fn.name())
b.sum().backward()
