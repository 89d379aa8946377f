# torch.autograd.graph.saved_tensors_hooks, expected output derived from:
# - torch/autograd/graph.py (saved_tensors_hooks docstring: pack when an op saves a tensor, unpack
#   when backward reads it; only the innermost pair applies; save_on_cpu packs (device, t.cpu()));
# - torch/csrc/autograd/saved_variable.cpp (SavedVariable ctor: pack gets the tensor itself under
#   NoGradGuard, wrapped numbers are never packed; unpack: no version check through hooks;
#   reset_data after backward -> ERR_BACKWARD_TWICE);
# - torch/csrc/autograd/python_saved_variable_hooks.cpp (call_unpack_hook's TypeError);
# - derivatives.yaml (sin saves self, exp saves result, mul by a Python number saves only `other`).
import torch

def pack_hook(x):
    print("Packing", x, torch.is_grad_enabled())
    return x

def unpack_hook(x):
    print("Unpacking", x)
    return x

a = torch.ones(3, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
    y = a.sin()
    z = a.exp()
    w = a * 2
y.sum().backward()
print(a.grad)
z.sum().backward()
print(a.grad)

# No version check through hooks: the unpacked tensor is read as it is now.
b = torch.ones(3, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
    s = b.sin()
with torch.no_grad():
    b.mul_(2)
s.sum().backward()
print(b.grad)

# Innermost pair wins.
def tag(name):
    return lambda t: (print("pack", name), t)[1]
c = torch.ones(2, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(tag("outer"), lambda t: t):
    with torch.autograd.graph.saved_tensors_hooks(tag("inner"), lambda t: t):
        c.sin()
    c.sin()

# Pack may return anything; unpack must return a Tensor.
with torch.autograd.graph.saved_tensors_hooks(lambda t: t.tolist(), lambda l: torch.tensor(l)):
    q = c.sin()
q.sum().backward()
print(c.grad)
with torch.autograd.graph.saved_tensors_hooks(lambda t: 1, lambda o: o):
    r = c.sin()
try:
    r.sum().backward()
except TypeError as e:
    print("TypeError:", e)

# Freed after backward.
try:
    y.sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)

# save_on_cpu: saved tensors go to the CPU and come back to their device.
d = torch.ones(2, device="cuda", requires_grad=True)
with torch.autograd.graph.save_on_cpu():
    e = d.sin()
e.sum().backward()
print(d.grad)

# An in-place op packs its result once, as the tensor modified in place.
f = torch.ones(2, requires_grad=True) * 1
with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
    f.exp_()
