# ctx.mark_dirty, ctx.mark_non_differentiable, ctx.set_materialize_grads, an input returned as-is, and
# torch.autograd.function.once_differentiable.
# Expectations: torch/autograd/function.py (docstrings of mark_dirty, mark_non_differentiable with the
# sort example, set_materialize_grads with SimpleFunc/Func, once_differentiable -> DelayedError),
# torch/csrc/autograd/custom_function.cpp (_process_backward_mode_ad: a dirty input keeps its identity and
# gets the node as grad_fn; an input returned as-is becomes `x.view_as(x)` made in no_grad mode;
# CreationMeta::IN_CUSTOM_FUNCTION on returned views), torch/csrc/autograd/python_function.cpp
# (_mark_dirty bumps the version once more), torch/csrc/autograd/variable.cpp (handle_view_on_rebase
# text for IN_CUSTOM_FUNCTION), test/test_autograd.py (test_mark_non_differentiable*,
# test_once_differentiable, test_materialize_grads, test_return_duplicate/inplace tests).
import torch
from torch.autograd import Function
from torch.autograd.function import once_differentiable


class AddOneInplace(Function):
    @staticmethod
    def forward(ctx, x):
        x.add_(1)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, g):
        return g


a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a.clone()
c = AddOneInplace.apply(b)
print(c is b, b._version)
print(b)
c.sum().backward()
print(a.grad)


class Sort(Function):
    @staticmethod
    def forward(ctx, x):
        sorted, idx = x.sort()
        ctx.mark_non_differentiable(idx)
        ctx.save_for_backward(x, idx)
        return sorted, idx

    @staticmethod
    @once_differentiable
    def backward(ctx, g1, g2):  # still need to accept g2
        x, idx = ctx.saved_tensors
        grad_input = torch.zeros_like(x)
        grad_input.index_add_(0, idx, g1)
        return grad_input


x = torch.tensor([3.0, 1.0, 2.0], requires_grad=True)
s, i = Sort.apply(x)
print(s)
print(i, i.requires_grad)
(s * torch.tensor([1.0, 10.0, 100.0])).sum().backward()
print(x.grad)


class SimpleFunc(Function):
    @staticmethod
    def forward(ctx, x):
        return x.clone(), x.clone()

    @staticmethod
    @once_differentiable
    def backward(ctx, g1, g2):
        print("materialized:", g1, g2)
        return g1 + g2


class Func(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        ctx.save_for_backward(x)
        return x.clone(), x.clone()

    @staticmethod
    @once_differentiable
    def backward(ctx, g1, g2):
        print("not materialized:", g1, g2)
        x, = ctx.saved_tensors
        grad_input = torch.zeros_like(x)
        if g1 is not None:
            grad_input += g1
        if g2 is not None:
            grad_input += g2
        return grad_input


a = torch.tensor(1.0, requires_grad=True)
b, _ = SimpleFunc.apply(a)
b.backward()
b, _ = Func.apply(a)
b.backward()
print(a.grad)


class Identity(Function):
    @staticmethod
    def forward(ctx, x):
        return x

    @staticmethod
    def backward(ctx, g):
        return g * 2


x = torch.ones(2, requires_grad=True)
y = Identity.apply(x)
print(y is x, y._base is x, y._is_view())
print(y)
y.sum().backward()
print(x.grad)
try:
    y.add_(1)
except RuntimeError as e:
    print(e)


class Cube(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    @once_differentiable
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return 3 * x ** 2 * g


x = torch.tensor(2.0, requires_grad=True)
y = Cube.apply(x)
go = torch.tensor(1.0, requires_grad=True)
gx, = torch.autograd.grad(y, x, grad_outputs=go, create_graph=True)
print(gx.detach(), gx.requires_grad)
try:
    gx.backward()
except RuntimeError as e:
    print(e)
