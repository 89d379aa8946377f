# Tensor.register_post_accumulate_grad_hook, expected output derived from:
# - torch/_tensor.py (its docstring example: a simulated SGD step; the two RuntimeErrors for a tensor
#   that does not require grad and for a non-leaf);
# - test/test_autograd.py test_post_accumulate_grad_hook_multiple_hooks (hooks run in registration
#   order after .grad is accumulated);
# - torch/csrc/autograd/python_hook.cpp PyFunctionTensorPostAccGradHooks and _call_hooks (returning
#   None or the tensor itself is fine; another tensor is a modification and fails);
# - torch/csrc/autograd/functions/accumulate_grad.h (runs inside AccumulateGrad, so autograd.grad,
#   which never runs AccumulateGrad, does not call it; the engine runs it with grad mode off).
import torch

v = torch.tensor([0., 0., 0.], requires_grad=True)
lr = 0.01
h = v.register_post_accumulate_grad_hook(lambda p: p.add_(p.grad, alpha=-lr))
v.backward(torch.tensor([1., 2., 3.]))
print(v)
h.remove()
v.backward(torch.tensor([1., 2., 3.]))
print(v, v.grad)

t = torch.tensor([1., 2., 3.], requires_grad=True)
def hook1(tensor):
    print("hook1 grad mode", torch.is_grad_enabled(), tensor.grad)
    tensor.sub_(tensor.grad)
def hook2(tensor):
    tensor.mul_(4.0)
t.register_post_accumulate_grad_hook(hook1)
t.register_post_accumulate_grad_hook(hook2)
t.sum().backward()
print(t)
print(torch.autograd.grad((t * 2).sum(), t))
print(t)

for bad in (torch.ones(2), torch.ones(2, requires_grad=True) * 2):
    try:
        bad.register_post_accumulate_grad_hook(lambda p: None)
    except RuntimeError as e:
        print("RuntimeError:", e)

u = torch.ones(2, requires_grad=True)
u.register_post_accumulate_grad_hook(lambda p: p)
u.sum().backward()
u.register_post_accumulate_grad_hook(lambda p: p * 1)
try:
    u.sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
print(u.grad)
