# grad_fn as a torch.autograd.graph.Node: name(), metadata, register_prehook / register_hook (and
# RemovableHandle.remove), a hook on AccumulateGrad, and the _saved_* attributes with the
# "backward through the graph a second time" error once they were freed.
# Expectations: torch/autograd/graph.py (Node.register_hook: hook(grad_inputs, grad_outputs),
# register_prehook: hook(grad_outputs), both may return replacements), torch/csrc/autograd/engine.cpp
# (call_function: tensor pre hooks, then pre hooks, the node, validate_outputs, then post hooks),
# torch/csrc/autograd/python_hook.cpp, tools/autograd/derivatives.yaml (mul.Tensor saves self and other),
# torch/csrc/autograd/saved_variable.cpp (ERR_BACKWARD_TWICE), test/test_autograd.py
# (test_hooks / test_node_post_hook / test_saved_variable_saved_original_inplace_detach).
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * torch.tensor([3.0, 3.0])


def pre(grad_outputs):
    print("pre", grad_outputs)
    return (grad_outputs[0] * 10,)


def post(grad_inputs, grad_outputs):
    print("post", grad_inputs, grad_outputs)


h1 = b.grad_fn.register_prehook(pre)
h2 = b.grad_fn.register_hook(post)
acc = b.grad_fn.next_functions[0][0]
h3 = acc.register_hook(lambda gi, go: print("acc", gi, go))
b.sum().backward(retain_graph=True)
print(a.grad)
h1.remove()
h2.remove()
h3.remove()
b.sum().backward()
print(a.grad)

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor([3.0, 4.0], requires_grad=True)
z = x * y
print(z.grad_fn.name(), z.grad_fn.metadata)
print(z.grad_fn._saved_self is x, z.grad_fn._saved_other is y)
z.sum().backward()
try:
    z.grad_fn._saved_self
except RuntimeError as e:
    print(e)
