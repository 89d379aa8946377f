# gradcheck / gradgradcheck(check_batched_grad=True). Expected output from torch/autograd/gradcheck.py:
# _gradcheck_helper runs _test_batched_grad(tupled_inputs, o, i) for each differentiable output after
# the Jacobian comparison; it draws grad_outputs = [torch.randn_like(output) for _ in range(2)] from
# the global generator (so the draws after it are the ones after two more randn of each output's
# shape), compares vmap(vjp) against the two vjps stacked, and on a mismatch raises GradcheckError
# _get_failed_batched_grad_test_msg: "For output 0 and input 0:\n\n" + FAILED_BATCHED_GRAD_MSG + ...
# gradgradcheck passes check_batched_grad on to gradcheck of its new_func. Forward-mode AD is not
# in the playground: check_forward_ad=True says so (the playground's text, by design).
import torch
from torch.autograd import gradcheck, gradgradcheck
from torch.autograd.gradcheck import GradcheckError

torch.manual_seed(0)
x = torch.randn(3, dtype=torch.double, requires_grad=True)
y = torch.randn(2, 3, dtype=torch.double, requires_grad=True)
print(gradcheck(lambda a, b: (a * b, b.sum()), (x, y), check_batched_grad=True))
after = torch.randn(2)
torch.manual_seed(0)
torch.randn(3, dtype=torch.double), torch.randn(2, 3, dtype=torch.double)
for shape in [(2, 3), (2, 3), (), ()]:          # two randn_like per output: (a * b) then b.sum()
    torch.randn(shape, dtype=torch.double)
print(torch.equal(after, torch.randn(2)))
print(gradgradcheck(lambda a: (a.sin() * a).sum(), (x,), check_batched_grad=True),
      gradcheck(torch.tanh, (x,), check_batched_grad=True, fast_mode=True))

calls = [0]
class Drifting(torch.autograd.Function):   # a backward that does not repeat itself
    @staticmethod
    def forward(ctx, a):
        return a * 2
    @staticmethod
    def backward(ctx, g):
        calls[0] += 1
        return g * (2 + calls[0] * 1e-3)
try:
    gradcheck(Drifting.apply, (x,), check_batched_grad=True, nondet_tol=1.0, atol=0.1)
except GradcheckError as e:
    lines = str(e).splitlines()
    print(lines[0], '|', lines[2], '|', 'Got:' in lines, 'Expected:' in lines)
print(gradcheck(Drifting.apply, (x,), check_batched_grad=True, nondet_tol=1.0, atol=0.1, raise_exception=False))
for f in [lambda: gradcheck(torch.sin, (x,), check_forward_ad=True),
          lambda: gradgradcheck(torch.sin, (x,), check_fwd_over_rev=True)]:
    try:
        f()
    except NotImplementedError as e:
        print(e)
