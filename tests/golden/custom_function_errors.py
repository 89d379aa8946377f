# PyTorch's errors for custom autograd.Functions, word for word.
# Expectations: torch/csrc/autograd/python_function.cpp (PyNode::apply "returned an incorrect number of
# gradients", to_variable_list, _get_tensors_to_save, _parse_non_differentiable, unpack_saved_variables with
# ERR_BACKWARD_TWICE), torch/csrc/autograd/engine.cpp (validate_outputs "returned an invalid gradient at
# index"), torch/csrc/autograd/custom_function.cpp (_process_backward_mode_ad), torch/csrc/autograd/
# saved_variable.cpp (version check text), torch/autograd/function.py (BackwardCFunction.apply,
# _SingleLevelFunction.backward), test/test_autograd.py (test_custom_function_error,
# test_invalid_gradients, test_function_returns_input / test_save_none_for_backward family).
import torch
from torch.autograd import Function


def attempt(label, f):
    try:
        f()
        print(label, "no error")
    except (RuntimeError, TypeError, NotImplementedError) as e:
        print(label, type(e).__name__ + ":", e)


class OneGrad(Function):
    @staticmethod
    def forward(ctx, a, b):
        return a + b

    @staticmethod
    def backward(ctx, g):
        return g


class BadShape(Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2

    @staticmethod
    def backward(ctx, g):
        return torch.ones(3)


class GradForInt(Function):
    @staticmethod
    def forward(ctx, a, k):
        return a * k

    @staticmethod
    def backward(ctx, g):
        return g * 2, g


class IntGrad(Function):
    @staticmethod
    def forward(ctx, a):
        return a * 1

    @staticmethod
    def backward(ctx, g):
        return 1


class ExtraNones(Function):
    @staticmethod
    def forward(ctx, a):
        return a * 1

    @staticmethod
    def backward(ctx, g):
        return g, None, None


a = torch.ones(2, requires_grad=True)
b = torch.ones(2, requires_grad=True)
attempt("count", lambda: OneGrad.apply(a, b).sum().backward())
attempt("shape", lambda: BadShape.apply(a).sum().backward())
attempt("non-tensor input", lambda: GradForInt.apply(a, 3).sum().backward())
attempt("int gradient", lambda: IntGrad.apply(a).sum().backward())
attempt("extra Nones", lambda: ExtraNones.apply(a).sum().backward())
print(a.grad)


class Square(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return 2 * x * g


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
xc = x.clone()
y = Square.apply(xc)
xc.mul_(2)
attempt("modified", lambda: y.sum().backward())

y = Square.apply(x)
y.sum().backward()
print(x.grad)
attempt("twice", lambda: y.sum().backward())
attempt("saved_tensors after backward", lambda: y.grad_fn.saved_tensors)


class AddOneInplace(Function):
    @staticmethod
    def forward(ctx, x):
        x.add_(1)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, g):
        return g


class DirtyNotReturned(Function):
    @staticmethod
    def forward(ctx, x):
        x.mul_(2)
        ctx.mark_dirty(x)
        return x.clone()

    @staticmethod
    def backward(ctx, g):
        return g


class SaveInt(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x, 5)
        return x * 1

    @staticmethod
    def backward(ctx, g):
        return g


class NonDiffInt(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.mark_non_differentiable(3)
        return x * 1

    @staticmethod
    def backward(ctx, g):
        return g


class NoBackward(Function):
    @staticmethod
    def forward(ctx, x):
        return x * 1


class Both(Function):
    @staticmethod
    def forward(ctx, x):
        return x * 1

    @staticmethod
    def backward(ctx, g):
        return g

    @staticmethod
    def vjp(ctx, g):
        return g


leaf = torch.tensor([1.0], requires_grad=True)
attempt("leaf inplace", lambda: AddOneInplace.apply(leaf))
attempt("dirty not returned", lambda: DirtyNotReturned.apply(leaf.clone()))
attempt("save int", lambda: SaveInt.apply(leaf))
attempt("non-differentiable int", lambda: NonDiffInt.apply(leaf))
attempt("no backward", lambda: NoBackward.apply(leaf).sum().backward())
attempt("backward and vjp", lambda: Both.apply(leaf).sum().backward())
