# out=(values, indices) for torch.max / min (with a dim), sort, topk, aminmax, cummax and cummin (Note [out= arguments]).
# Expected output from aten/src/ATen/native: TORCH_META_FUNC2(max, dim) / (min, dim)
# (resize_reduction_with_indices: values in self's dtype, indices long), TORCH_META_FUNC2(sort, stable),
# TORCH_META_FUNC(topk), TORCH_META_FUNC(aminmax) are structured, so the generated resize_out checks
# each output in turn ("Expected out tensor to have dtype float, but got double instead", "...dtype
# long int, but got int instead"; test/.../common_methods_invocations.py error_inputs_aminmax_amax_amin
# uses the first) and the call returns a torch.return_types tuple holding the out tensors themselves,
# each bumped once; the VariableType kernels refuse autograd ("sort(): functions with out=...");
# torch.max(input, other, out=t) is max.out, CompositeImplicitAutograd over maximum_out.
import torch

x = torch.tensor([[3., 1., 2.], [0., 5., 4.]])
v, i = torch.empty(0), torch.empty(0, dtype=torch.long)
r = torch.max(x, 1, out=(v, i))
print(r, r.values is v, r[1] is i, v._version, i._version, type(r).__name__)
print(torch.min(x, dim=0, keepdim=True, out=[torch.empty(0), torch.empty(0, dtype=torch.long)]))
print(torch.sort(x, descending=True, out=(torch.empty(0), torch.empty(0, dtype=torch.long))))
print(torch.topk(x, 2, out=(torch.empty(0), torch.empty(0, dtype=torch.long))))
print(torch.aminmax(x, dim=1, out=(torch.empty(0), torch.empty(0))))
print(torch.max(x, torch.ones(3), out=torch.empty(0, dtype=torch.float64)))
w = torch.ones(3, requires_grad=True)
for f in [lambda: torch.max(x, 1, out=(torch.empty(0, dtype=torch.float64), torch.empty(0, dtype=torch.long))),
          lambda: torch.max(x, 1, out=(torch.empty(0), torch.empty(0, dtype=torch.int32))),
          lambda: torch.aminmax(x, out=(torch.empty(0), torch.empty(0, dtype=torch.float64))),
          lambda: torch.sort(w, out=(torch.empty(0), torch.empty(0, dtype=torch.long))),
          lambda: torch.max(w, torch.ones(3), out=torch.empty(0))]:
    try:
        f()
    except RuntimeError as e:
        print(e)
# cummax_out / cummin_out (aten/src/ATen/native/ReduceOps.cpp): check_scalar_type_device_layout_equal on
# both outputs first ("expected scalar_type Float but found Double", "...Long but found Int"), then
# resize_output both to self's shape, then maybe_wrap_dim: a bad dim fails after out was resized.
c = torch.tensor([[1., 3., 2.], [0., -1., 5.]])
cv, ci = torch.empty(0), torch.empty(0, dtype=torch.long)
r = torch.cummax(c, 1, out=(cv, ci))
print(r, r.values is cv, cv._version, ci._version)
print(torch.cummin(c, dim=0, out=(torch.empty(0), torch.empty(0, dtype=torch.long))))
for f in [lambda: torch.cummax(c, 1, out=(torch.empty(0, dtype=torch.float64), torch.empty(0, dtype=torch.long))),
          lambda: torch.cummin(c, 1, out=(torch.empty(0), torch.empty(0, dtype=torch.int32))),
          lambda: torch.cummax(w, 0, out=(torch.empty(0), torch.empty(0, dtype=torch.long)))]:
    try:
        f()
    except RuntimeError as e:
        print(e)
v2 = torch.zeros(1)
try:
    torch.cummax(c, 5, out=(v2, torch.empty(0, dtype=torch.long)))
except IndexError as e:
    print(e, v2.shape)
