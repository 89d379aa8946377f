# Hooks and retain_grad on views, expected output derived from torch/csrc/autograd/variable.cpp
# (a view's register_hook / retain_grad hang on its grad_fn; when the base is modified in place the
# view's grad_fn is regenerated as AsStridedBackward0 and update_tensor_hooks_on_new_gradfn moves the
# retain_grad hook to it) and test/test_autograd.py test_retain_grad_inplace_on_view / test_hooks.
import torch

a = torch.ones(4, requires_grad=True)
b = a * 1
v = b[1:3]
v.retain_grad()
v.register_hook(lambda g: print("hook on view", g))
(v * 2).sum().backward()
print(v.grad, a.grad)

b2 = a * 1
v2 = b2[:2]
v2.retain_grad()
b2.mul_(3)
print(v2.grad_fn.name())
v2.sum().backward()
print(v2.grad, a.grad)
