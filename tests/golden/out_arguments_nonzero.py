# out= for torch.nonzero. Expected output from aten/src/ATen/native/TensorAdvancedIndexing.cpp
# nonzero_out_cpu: TORCH_CHECK(result.scalar_type() == kLong, "nonzero: Expected out tensor to have
# scalar type Long but got scalar type", result.scalar_type()) (no space before the type), the overlap
# checks, then `if (resize_output(result, {total_nonzero, ndim}))` it restrides a resized out as
# Fortran-contiguous, as_strided_({n, ndim}, {1, max(n, 1)}) (gh-46224); an out that already had the
# shape keeps its strides. nonzero's output is not differentiable: no autograd refusal.
import torch
x = torch.tensor([[1., 0., 2.], [0., 3., 0.]])
o = torch.empty(0, dtype=torch.long)
r = torch.nonzero(x, out=o)
print(r is o, o, o.shape, o.stride(), o.is_contiguous(), o._version)
o2 = torch.zeros(3, 2, dtype=torch.long)
torch.nonzero(x, out=o2)
print(o2, o2.stride())
try:
    torch.nonzero(x, out=torch.empty(0))
except RuntimeError as e:
    print(e)
print(torch.nonzero(x.requires_grad_(), out=torch.empty(0, dtype=torch.long)).stride())
