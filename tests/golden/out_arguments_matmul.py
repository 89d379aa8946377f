# out= for torch.matmul / dot / vdot / outer / ger (Note [out= arguments]). Expected output from:
# - aten/src/ATen/native/LinearAlgebra.cpp _matmul_impl: "both arguments to matmul need to be at
#   least 1D" first, then its own "matmul(): functions with out=... arguments don't support automatic
#   differentiation, but one of the arguments requires grad."; 1-D @ 1-D is dot_out, 2-D @ 1-D
#   mv_out, 1-D @ 2-D mm_out(out, self.unsqueeze(0), other).squeeze_(0) (so a non-empty out of the
#   final shape [3] is resized to [1, 3] with the resize_output UserWarning, and squeeze_ bumps the
#   version once more), 2-D @ 2-D mm_out; batched products resize_output(out, shape) then bmm_out /
#   mm_out, whose resize_out wants out's dtype ("Expected out tensor to have dtype float, but got
#   double instead");
# - aten/src/ATen/native/Blas.cpp dot_out / vdot_out: resize_output(result, {}) before "result dtype
#   Double does not match input dtype Float" (so out has shape [] even when the dtype is refused);
# - outer_out: at::mul_out(result, self.reshape({n, 1}), vec2): a TensorIterator op (can_cast; its
#   autograd refusal names mul).
import torch

a = torch.arange(3.)
m = torch.arange(6.).view(2, 3)
o = torch.empty(0)
print(torch.matmul(a, a, out=o) is o, o, o._version)
print(torch.matmul(m, a, out=torch.empty(0)), torch.matmul(a, m.t(), out=torch.empty(0)))
o = torch.zeros(3)
print(torch.matmul(a[:2], m, out=o), o.shape, o._version)
b = torch.ones(2, 3, 4)
print(torch.matmul(b, torch.ones(4), out=torch.empty(0)).shape, torch.matmul(b, torch.ones(2, 4, 1), out=torch.empty(0)).shape)
print(torch.matmul(torch.ones(4), b.transpose(1, 2), out=torch.empty(0)))
print(torch.dot(a, a, out=torch.empty(0)), torch.vdot(a, a, out=torch.empty(0, dtype=torch.float32)))
print(torch.outer(torch.tensor([1, 2]), torch.tensor([3, 4]), out=torch.empty(0)), torch.ger(a[:2], a[:2], out=torch.empty(0)))
od = torch.zeros(2, dtype=torch.long)
try:
    torch.dot(a, a, out=od)
except RuntimeError as e:
    print(e, od.shape)
for f in [lambda: torch.matmul(a, a, out=torch.empty(0, dtype=torch.float64)),
          lambda: torch.matmul(m, m.t(), out=torch.empty(0, dtype=torch.float64)),
          lambda: torch.matmul(b, torch.ones(4, 2), out=torch.empty(0, dtype=torch.float64)),
          lambda: torch.matmul(a.detach().requires_grad_(), a, out=torch.empty(0)),
          lambda: torch.matmul(torch.tensor(1.), a, out=torch.empty(0)),
          lambda: torch.matmul(m, torch.ones(2), out=torch.empty(0)),
          lambda: torch.outer(a, a, out=torch.empty(0, dtype=torch.long)),
          lambda: torch.outer(a.detach().requires_grad_(), a, out=torch.empty(0))]:
    try:
        f()
    except RuntimeError as e:
        print(e)
