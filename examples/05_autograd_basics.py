# Every op on a tensor that requires grad records a node; backward() walks them back to the leaves.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * x
z = y.sum()
print(y)
print(z)
z.backward()
print(x.grad)
print(y.grad_fn.name(), z.grad_fn.name())
print(x.is_leaf, y.is_leaf)
