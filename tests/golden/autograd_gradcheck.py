# torch.autograd.gradcheck / gradgradcheck (slow mode, the default fast_mode=False), expected output
# derived from torch/autograd/gradcheck.py (PyTorch 2.x):
# - gradcheck's defaults eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True; with
#   raise_exception=False a GradcheckError becomes `return False` (gradcheck());
# - class GradcheckError(RuntimeError), importable from torch.autograd.gradcheck (torch.autograd
#   itself re-exports only gradcheck and gradgradcheck: torch/autograd/__init__.py);
# - _get_notallclose_msg: "Jacobian mismatch for output %d with respect to input %d,\n
#   numerical:%s\nanalytical:%s\n"; the numerical Jacobian is (b - a) / (2 * eps) by central
#   differences (_compute_numerical_gradient), in the output's dtype; the analytical one is built
#   row by row from autograd.grad (_compute_analytical_jacobian_rows), in the input's dtype;
# - input indices count only the inputs that require grad (_iter_tensors(inputs, True));
# - _test_backward_mul_by_grad_output: "backward not multiplied by grad_output";
# - _check_no_differentiable_outputs: "Numerical gradient for function expected to be zero";
# - _check_inputs: the stride-0 RuntimeError and the ValueError when nothing requires grad;
# - gradgradcheck: gradcheck of new_func(*inputs, *grad_outputs) = autograd.grad(create_graph=True);
# - fast_mode=True (_fast_gradcheck): v^T J u against v . (J u) with u, v = torch.rand(n,
#   generator=torch.Generator()) / norm (the default seed 67280421310721, so the program's own stream
#   is untouched), atol scaled by sum(u) * sum(v); a failure appends _run_slow_mode_and_get_error's
#   slow-mode Jacobians. The 0-dim values below come from that seeded stream (the playground's CPU
#   generator is PyTorch's mt19937, bit for bit).
import torch
from torch.autograd import gradcheck, gradgradcheck
from torch.autograd.gradcheck import GradcheckError

print(issubclass(GradcheckError, RuntimeError), GradcheckError.__module__, GradcheckError.__name__)
print(repr(GradcheckError("x")), type(GradcheckError("x")))


class MyCheckError(GradcheckError):  # a user subclass is caught by `except GradcheckError`
    pass


try:
    raise MyCheckError("boom")
except GradcheckError as e:
    print(type(e).__name__, isinstance(e, RuntimeError), e)

x = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64, requires_grad=True)
w = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]], dtype=torch.float64, requires_grad=True)
print(gradcheck(lambda t: (t * t).sum(), (x,)))
print(gradcheck(torch.sin, x))                         # a lone tensor is a 1-tuple (_as_tuple)
print(gradcheck(lambda a, b: (a @ b, b.exp()), (w, x)))  # two outputs, two inputs
print(gradcheck(lambda t, k: t.pow(k), [x, 3]))         # a list works too; non-tensors pass through
print(gradgradcheck(lambda t: (t ** 3).sum(), (x,)))
print(gradgradcheck(lambda a, b: a @ b, (w, x), (torch.tensor([1.0, -2.0], dtype=torch.float64),)))
print(x.grad, w.grad)                                   # gradcheck uses autograd.grad: no .grad

# How often the function runs: once for func_out, twice per perturbed element, once more for the
# undefined-grad check (plus once per output when there are several: _test_undefined_backward_mode);
# gradgradcheck runs it once for the output shapes, then gradchecks new_func over (x, grad_output).
calls = []
def counted(t):
    calls.append(1)
    return t.sin()
def counted2(t):
    calls.append(1)
    return t.sin(), t.cos()
gradcheck(counted, (x,))
print(len(calls))
calls.clear()
gradcheck(counted2, (x,))
print(len(calls))
calls.clear()
torch.manual_seed(0)
gradgradcheck(counted, (x,))                            # grad_outputs: make_tensor(..., low=-1, high=1)
print(len(calls), torch.rand(1))                        # ... drawn from the global generator


class Times2WrongBackward(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return t * 2

    @staticmethod
    def backward(ctx, g):
        return g * 3


try:
    gradcheck(Times2WrongBackward.apply, (x,))
except GradcheckError as e:
    print(type(e).__name__, isinstance(e, RuntimeError))
    print(e)
print(gradcheck(Times2WrongBackward.apply, (x,), raise_exception=False))

# The second input requiring grad is "input 1" even when a constant sits between them.
c = torch.tensor([4.0, 5.0], dtype=torch.float64)
v = torch.tensor([0.5, 1.0], dtype=torch.float64, requires_grad=True)
try:
    u = torch.tensor([0.5, 1.0], dtype=torch.float64, requires_grad=True)
    gradcheck(lambda a, k, b: a * k + Times2WrongBackward.apply(b), (u, c, v))
except RuntimeError as e:
    print(e)


class NotLinearInGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return t * 2

    @staticmethod
    def backward(ctx, g):
        return g * 2 if bool(g.any()) else torch.ones_like(g)


try:
    gradcheck(NotLinearInGrad.apply, (x,))
except GradcheckError as e:
    print(e)
try:
    gradcheck(lambda t: t.detach() * 2, (x,))
except GradcheckError as e:
    print(e)
try:
    gradcheck(lambda t: t * 2, (x.detach().expand(2, 3).requires_grad_(),))
except RuntimeError as e:
    print(e)
torch.manual_seed(0)
print(gradcheck(torch.sin, x, fast_mode=True), gradcheck(lambda a, b: (a @ b, b.exp()), (w, x), fast_mode=True))
print(gradgradcheck(lambda t: (t ** 3).sum(), (x,), fast_mode=True))
print(torch.rand(1))                                    # fast mode drew only from its own generator
try:
    gradcheck(Times2WrongBackward.apply, (x,), fast_mode=True)
except GradcheckError as e:
    print(e)
print(gradcheck(Times2WrongBackward.apply, (x,), fast_mode=True, raise_exception=False))
try:
    gradcheck(lambda t: t.detach() * 2, (x,), fast_mode=True)
except GradcheckError as e:
    print(e)
gradcheck(lambda t: t * 2, (x.detach(),))
