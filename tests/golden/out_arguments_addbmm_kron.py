# out= for addbmm, kron, chain_matmul and torch.norm. Expected output from PyTorch's source:
# - addbmm_out (aten/src/ATen/native/LinearAlgebra.cpp addbmm_impl_): result.resize_as_(self) (a
#   silent resize, no resize_output warning), result.copy_(self) unless beta is 0, then
#   result.addmm_(batch1[b], batch2[b], beta, alpha) per batch, whose ADDMM_META wants result's dtype
#   to be mat2's: "self and mat2 must have the same dtype, but got Double and Float", raised after the
#   resize and the copy (out keeps them). Its VariableType refuses autograd first ("addbmm(): functions
#   with out=... arguments don't support automatic differentiation, but one of the arguments requires
#   grad."). The out op bumps out's version once.
# - kron_out (KronImpl::kron_out, CompositeImplicitAutograd): resize_output(result, shape) (the warning
#   on stderr for a non-empty out), then mul_out into a view of out: TensorIterator's cast rule ("result
#   type Float can't be cast to the desired output type Long"), and an int out takes int products.
# - chain_matmul_out: one matrix is resize_output + copy_ (out's version moves by copy_'s bump); more go
#   to linalg_multi_dot_out, where multi_dot_impl checks out's dtype as caffe2::TypeMeta prints it
#   ("multi_dot(): expected out tensor to have dtype float but got double"), then mm_out; the
#   deprecation warning (TORCH_WARN_ONCE) goes to stderr.
#   torch.linalg.multi_dot(tensors, out=) is that same linalg_multi_dot_out: a 1-D first / last tensor
#   drops its dimension from the result ([2] x [2, 3] x [3] gives shape []).
# - torch.norm (torch/functional.py) passes out= to torch.linalg.vector_norm, a structured kernel:
#   "Expected out tensor to have dtype float, but got double instead".
import torch

M = torch.ones(2, 3)
b1 = torch.arange(12.).reshape(2, 2, 3)
b2 = torch.arange(18.).reshape(2, 3, 3)
t = torch.empty(0)
print(torch.addbmm(M, b1, b2, out=t) is t, t, t._version)
print(torch.addbmm(M, b1, b2, beta=0, alpha=2, out=t), t._version)
print(torch.equal(t, 2 * (b1[0] @ b2[0] + b1[1] @ b2[1])))
d = torch.zeros(5, dtype=torch.float64)
try:
    torch.addbmm(M, b1, b2, out=d)
except RuntimeError as e:
    print(e)
print(d)
try:
    torch.addbmm(M.clone().requires_grad_(), b1, b2, out=t)
except RuntimeError as e:
    print(e)

k = torch.zeros(0, dtype=torch.int64)
print(torch.kron(torch.tensor([1, 2]), torch.tensor([[1, 10]]), out=k), k._version)
try:
    torch.kron(torch.tensor([1., 2.]), torch.tensor([1., 10.]), out=torch.zeros(4, dtype=torch.int64))
except RuntimeError as e:
    print(e)
kf = torch.zeros(4, dtype=torch.float64)
print(torch.kron(torch.tensor([1., 2.]), torch.tensor([1., 10.]), out=kf), kf._version)

c = torch.empty(0)
a, b, e3 = torch.ones(2, 3), torch.ones(3, 4), torch.arange(4.).reshape(4, 1)
print(torch.chain_matmul(a, b, e3, out=c) is c, c, c._version)
try:
    torch.chain_matmul(a, b, out=torch.empty(0, dtype=torch.float64))
except RuntimeError as e:
    print(e)
one = torch.empty(0)
print(torch.chain_matmul(torch.eye(2), out=one), one._version)
m = torch.empty(0)
print(torch.linalg.multi_dot([torch.tensor([1., 2.]), torch.ones(2, 3), torch.tensor([1., 0., 1.])], out=m) is m, m, m._version)
try:
    torch.linalg.multi_dot([torch.ones(2, 2), torch.ones(2, 2)], out=torch.empty(0, dtype=torch.int64))
except RuntimeError as e:
    print(e)

n = torch.empty(0)
print(torch.norm(torch.tensor([3., 4.]), out=n) is n, n, n._version)
print(torch.norm(torch.tensor([[1., 2.], [2., 4.]]), p=1, dim=1, out=n), n._version)
try:
    torch.norm(torch.tensor([3., 4.]), out=torch.empty(0, dtype=torch.float64))
except RuntimeError as e:
    print(e)
try:
    torch.norm(torch.tensor([3., 4.], requires_grad=True), out=n)
except RuntimeError as e:
    print(e)
