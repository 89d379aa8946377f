# Custom torch.autograd.Function: forward/backward staticmethods, Fn.apply, ctx.save_for_backward /
# saved_tensors, non-tensor attributes on ctx, needs_input_grad, the node's name and grad_fn printing,
# gradients through backward() and torch.autograd.grad (double backward through a saved output).
# Expectations: torch/autograd/function.py (the Exp example of Function's docstring, FunctionMeta naming
# the node class `<Fn>Backward`), torch/csrc/autograd/python_function.cpp (THPFunction_apply: forward runs
# with grad disabled, needs_input_grad = is tensor and requires_grad; PyNode::name() = the ctx type's
# tp_name), torch/_tensor_str.py (grad_fn=<type(grad_fn).__name__>), docs notes/extending.rst
# (setup_context style, "Combined or separate forward() and setup_context()").
import torch
from torch.autograd import Function


class MyExp(Function):
    @staticmethod
    def forward(ctx, i):
        result = i.exp()
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_output):
        result, = ctx.saved_tensors
        return grad_output * result


x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
y = MyExp.apply(x)
print(y)
print(type(y.grad_fn).__name__, y.grad_fn.name())
print(y.requires_grad, y.is_leaf)
print(y.grad_fn.next_functions[0][0].name())
print(y.grad_fn.next_functions[0][0].variable is x)
y.sum().backward()
print(x.grad)

# torch.autograd.grad, then differentiate the gradient again: backward is made of tensor ops and the
# saved output unpacks with its grad_fn, so create_graph=True records it.
x2 = torch.tensor([1.0, 2.0], requires_grad=True)
z = MyExp.apply(x2)
g, = torch.autograd.grad(z.sum(), x2, create_graph=True)
print(g)
g.sum().backward()
print(x2.grad)


class MulConst(Function):
    @staticmethod
    def forward(ctx, x, c, w):
        ctx.c = c  # a non-tensor attribute survives until backward
        print("forward needs_input_grad", ctx.needs_input_grad)
        print("grad enabled in forward:", torch.is_grad_enabled())
        return x * c * w

    @staticmethod
    def backward(ctx, g):
        print("backward needs_input_grad", ctx.needs_input_grad)
        return g * ctx.c, None, None


a = torch.ones(2, requires_grad=True)
w = torch.ones(2)
out = MulConst.apply(a, 3, w)
print(out)
out.sum().backward()
print(a.grad)
print(out.grad_fn.c)

# No input requires grad, or grad mode is off: no node.
with torch.no_grad():
    n = MyExp.apply(x)
print(n.requires_grad, n.grad_fn)
print(MyExp.apply(torch.zeros(1)))


class MulSetup(Function):
    @staticmethod
    def forward(x, y):
        return x * y

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, y = inputs
        ctx.save_for_backward(x, y)

    @staticmethod
    def backward(ctx, grad_output):
        x, y = ctx.saved_tensors
        return grad_output * y, grad_output * x


p = torch.tensor([2.0, 3.0], requires_grad=True)
q = torch.tensor([5.0, 7.0], requires_grad=True)
r = MulSetup.apply(p, q)
print(r)
r.sum().backward()
print(p.grad, q.grad)


# Non-tensor outputs are returned as they are; backward gets None for them.
class WithCount(Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2, 7

    @staticmethod
    def backward(ctx, g, g_count):
        print("g_count is None:", g_count is None)
        return g * 2


t, count = WithCount.apply(torch.ones(2, requires_grad=True))
print(t, count)
t.sum().backward()
