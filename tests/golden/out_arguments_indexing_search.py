# out= for index_add / index_copy / scatter / scatter_add / take_along_dim, tensordot / inner,
# logcumsumexp, isposinf / isneginf, searchsorted / bucketize and isin (Note [out= arguments]).
# Expected output from aten/src/ATen/native:
# - TensorAdvancedIndexing.cpp: index_add / index_copy / scatter / scatter_add are structured (their
#   metas set the output to self's sizes and options, so resize_out wants self's dtype: "Expected out
#   tensor to have dtype float, but got double instead"); take_along_dim_out is gather_out on the
#   broadcast inputs (the autograd refusal names gather);
# - Linear.cpp tensordot_out computes, then "tensordot: Expected the output tensor to have dtype Float,
#   but got an output tensor with dtype Double", then resize_output and copy_; LinearAlgebra.cpp
#   inner_out is mul_out for a 0-d operand (cast to out) and tensordot_out(out, self, other, -1, -1)
#   otherwise (torch/functional.py tensordot passes out= to _VF.tensordot);
# - ReduceOps.cpp logcumsumexp_out: check_scalar_type_device_layout_equal(result, self) first
#   ("expected scalar_type Float but found Double");
# - UnaryOps.cpp TORCH_META_FUNC(isposinf) / (isneginf): "isposinf does not support non-boolean
#   outputs."; Bucketization.cpp searchsorted_pre_check (bucketize_out_cpu calls searchsorted_out_cpu):
#   "torch.searchsorted(): output tensor's dtype is wrong, ..."; TORCH_META_FUNC2(isin, Tensor_Tensor)
#   sets a bool output. These outputs are not differentiable (bool / indices), so an input that
#   requires grad is no error.
import torch

def show(f):
    try:
        print(f())
    except RuntimeError as e:
        print(e)
x = torch.tensor([[1., -2., 3.], [0.5, 4., -1.]])
show(lambda: torch.index_add(x, 1, torch.tensor([0]), torch.ones(2, 1), out=torch.empty(0)))
show(lambda: torch.index_add(x, 1, torch.tensor([0]), torch.ones(2, 1), out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.index_copy(x, 1, torch.tensor([0]), torch.ones(2, 1), out=torch.empty(0)))
show(lambda: torch.scatter(x, 1, torch.tensor([[0], [1]]), 7., out=torch.empty(0)))
show(lambda: torch.scatter_add(x, 1, torch.tensor([[0], [1]]), torch.ones(2, 1), out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.take_along_dim(x, torch.tensor([[2], [0]]), 1, out=torch.empty(0)))
show(lambda: torch.tensordot(x, torch.ones(3, 2), 1, out=torch.empty(0)))
show(lambda: torch.tensordot(x, torch.ones(3, 2), 1, out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.inner(x, torch.ones(3), out=torch.empty(0)))
show(lambda: torch.inner(x, torch.tensor(2.), out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.inner(x, torch.ones(3), out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.logcumsumexp(x, 1, out=torch.empty(0)))
show(lambda: torch.logcumsumexp(x, 1, out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.isposinf(torch.tensor([1., float('inf')]), out=torch.empty(0, dtype=torch.bool)))
show(lambda: torch.isneginf(torch.tensor([1., float('-inf')]), out=torch.empty(0)))
show(lambda: torch.searchsorted(torch.tensor([1., 3., 5.]), torch.tensor([2., 6.]), out=torch.empty(0, dtype=torch.long)))
show(lambda: torch.searchsorted(torch.tensor([1., 3., 5.]), torch.tensor([2., 6.]), out=torch.empty(0)))
show(lambda: torch.bucketize(torch.tensor([2., 6.]), torch.tensor([1., 3., 5.]), out_int32=True, out=torch.empty(0, dtype=torch.long)))
show(lambda: torch.bucketize(torch.tensor([2., 6.]), torch.tensor([1., 3., 5.]), out_int32=True, out=torch.empty(0, dtype=torch.int32)))
show(lambda: torch.isin(torch.tensor([1, 2, 3]), torch.tensor([2]), out=torch.empty(0, dtype=torch.bool)))
show(lambda: torch.isin(torch.tensor([1, 2, 3]), torch.tensor([2]), out=torch.empty(0)))
w = x.clone().requires_grad_()
show(lambda: torch.isposinf(w, out=torch.empty(0, dtype=torch.bool)))
show(lambda: torch.take_along_dim(w, torch.tensor([[2], [0]]), 1, out=torch.empty(0)))
show(lambda: torch.inner(w, torch.ones(3), out=torch.empty(0)))
show(lambda: torch.logcumsumexp(w, 1, out=torch.empty(0)))
