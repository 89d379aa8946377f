# out= for softmax / log_softmax / gather / cross, index_select / masked_select / take / nan_to_num,
# deg2rad / rad2deg / threshold / addr, std / var, logsumexp and kthvalue (Note [out= arguments]).
# Expected output from aten/src/ATen/native:
# - SoftMax.cpp softmax_out / log_softmax_out: input_.toType(dtype) then the structured _softmax.out /
#   _log_softmax.out, whose resize_out wants out's dtype ("Expected out tensor to have dtype float, but
#   got double instead"); TensorAdvancedIndexing.cpp TORCH_META_FUNC(gather) likewise; cross_out is
#   linalg_cross_out (structured; its VariableType kernel names the autograd refusal "linalg_cross()");
# - index_select_out_cpu_ / masked_select_out_impl_cpu: "<op>(): self and result must have the same
#   scalar type"; take_out: "take(): self and out expected to have the same dtype, but got self.dtype =
#   Float and out.dtype = Double"; UnaryOps.cpp nan_to_num_out: "nan_to_num: dtype of out: Double
#   should be same as input: Float";
# - deg2rad_out / rad2deg_out are mul_out(result, self, wrapped_scalar_tensor(...)) (an integer input
#   gives a float result that a long out can't hold); threshold (structured TensorIterator with
#   enforce_safe_casting_to_output) and addr_out (build_addr_iter) cast to out;
# - ReduceOps.cpp std_var_out: make_reduction in out's dtype (a double out computes in double), then
#   "result type Float can't be cast to the desired output type Long"; logsumexp_out: "logsumexp():
#   Expected floating point type for result tensor, but got: Long", then sum_out into out;
# - Sorting.cpp kthvalue_out_impl_cpu: the k / dim checks, then ReduceOpsUtils.h
#   _reduction_with_indices_allocate_or_resize_output ("output values must be of same type as input",
#   "output indices must be of scalar type Long"; an out with the result's shape is unsqueezed at dim
#   before resize_output and squeezed back after, so it keeps its shape and strides and warns only
#   when it had another shape, reported with the unsqueezed dim); each out bumped once (the VariableType
#   kernel's increment_version; the in-kernel unsqueeze_ / squeeze_ run below autograd).
# Every out= kernel with a differentiable output refuses autograd first ("softmax(): functions with
# out=... arguments don't support automatic differentiation, but one of the arguments requires grad.").
import torch

x = torch.tensor([[1., -2., 3.], [0.5, 4., -1.]])
def show(f):
    try:
        print(f())
    except RuntimeError as e:
        print(e)

o = torch.empty(0)
print(torch.softmax(x, 1, out=o) is o, o, o._version)
show(lambda: torch.softmax(x, 1, out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.softmax(x, 1, dtype=torch.float64, out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.log_softmax(x, 0, out=torch.empty(0)))
show(lambda: torch.gather(x, 1, torch.tensor([[0], [2]]), out=torch.empty(0)))
show(lambda: torch.gather(x, 1, torch.tensor([[0], [2]]), out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.cross(torch.eye(3), torch.ones(3, 3), dim=1, out=torch.empty(0)))
show(lambda: torch.cross(torch.eye(3), torch.ones(3, 3), dim=1, out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.index_select(x, 1, torch.tensor([2, 0]), out=torch.empty(0)))
show(lambda: torch.index_select(x, 1, torch.tensor([2, 0]), out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.masked_select(x, x > 0, out=torch.empty(0)))
show(lambda: torch.masked_select(x, x > 0, out=torch.empty(0, dtype=torch.int64)))
show(lambda: torch.take(x, torch.tensor([0, 5]), out=torch.empty(0)))
show(lambda: torch.take(x, torch.tensor([0, 5]), out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.nan_to_num(torch.tensor([float('nan'), 1.]), out=torch.empty(0)))
show(lambda: torch.nan_to_num(torch.tensor([float('nan'), 1.]), out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.deg2rad(torch.tensor([180, 90]), out=torch.empty(0)))
show(lambda: torch.rad2deg(torch.tensor([180, 90]), out=torch.empty(0, dtype=torch.long)))
show(lambda: torch.threshold(x, 0.6, 9., out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.addr(torch.zeros(2, 2), torch.ones(2), torch.tensor([1., 2.]), out=torch.empty(0)))
show(lambda: torch.std(x, 1, out=torch.empty(0)))
show(lambda: torch.var(x, 1, out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.var(x, 1, out=torch.empty(0, dtype=torch.long)))
show(lambda: torch.logsumexp(x, 1, out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.logsumexp(x, 1, out=torch.empty(0, dtype=torch.long)))
w = x.clone().requires_grad_()
show(lambda: torch.softmax(w, 1, out=torch.empty(0)))
show(lambda: torch.cross(w, w, dim=1, out=torch.empty(0)))
show(lambda: torch.std(w, 1, out=torch.empty(0)))
show(lambda: torch.index_select(w, 0, torch.tensor([0]), out=torch.empty(0)))

k = torch.tensor([[3., 1., 2.], [0., 5., 4.]])
v, i = torch.empty(0), torch.empty(0, dtype=torch.long)
r = torch.kthvalue(k, 2, 1, out=(v, i))
print(r, r.values is v, r.indices is i, v._version, i._version)
v2, i2 = torch.zeros(2), torch.zeros(2, dtype=torch.long)
print(torch.kthvalue(k, 1, out=(v2, i2)), v2.shape, v2.stride())
print(torch.kthvalue(k, 1, 0, True, out=(torch.empty(0), torch.empty(0, dtype=torch.long))))
show(lambda: torch.kthvalue(k, 2, out=(torch.empty(0, dtype=torch.float64), torch.empty(0, dtype=torch.long))))
show(lambda: torch.kthvalue(k, 2, out=(torch.empty(0), torch.empty(0, dtype=torch.int32))))
show(lambda: torch.kthvalue(k, 4, out=(torch.empty(0), torch.empty(0, dtype=torch.long))))
show(lambda: torch.kthvalue(k.requires_grad_(), 1, out=(torch.empty(0), torch.empty(0, dtype=torch.long))))
