# Hooks on the page (issue 14): every kind of gradient hook on one small graph, drawn on the box it
# hangs on and fired in the backward animation in the order autograd runs them. Expected output
# from PyTorch's docs: Tensor.register_hook (docs/source/notes/autograd.rst, "Backward Hooks
# execution": tensor hooks run before the grad is accumulated, and may replace it), Node.register_prehook
# (torch/autograd/graph.py: returning None keeps the gradients) and
# Tensor.register_post_accumulate_grad_hook (torch/_tensor.py: runs after .grad is updated).
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
x.register_hook(lambda g: g * 10)
y = x * 2
y.register_hook(lambda g: print("grad of y:", g))
z = y.sum()
z.grad_fn.register_prehook(lambda gs: None)
x.register_post_accumulate_grad_hook(lambda t: print("x.grad is", t.grad))
z.backward()
print(x.grad)
