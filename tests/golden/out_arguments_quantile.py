# out= for torch.quantile / nanquantile. Expected output from aten/src/ATen/native/Sorting.cpp
# quantile_out_impl (quantile.out / quantile.scalar_out / nanquantile.* are CompositeImplicitAutograd):
# quantile_checks, then "quantile() out tensor must be same dtype as the input tensors" (nanquantile
# shares the text), resize_output, and out.copy_(quantile). There is no out= autograd refusal: the copy_
# goes through autograd, so with an input that requires grad out gains grad_fn=<CopyBackwards> (out is
# no longer a leaf) and is bumped once.
import torch
x = torch.tensor([[1., 4., 2.], [3., 0., 5.]])
o = torch.empty(0)
print(torch.quantile(x, 0.5, dim=1, out=o) is o, o, o._version)
print(torch.quantile(x, torch.tensor([0.25, 0.75]), out=torch.empty(0)))
print(torch.nanquantile(torch.tensor([1., float('nan'), 3.]), 0.5, out=torch.empty(0)))
try:
    torch.quantile(x, 0.5, out=torch.empty(0, dtype=torch.float64))
except RuntimeError as e:
    print(e)
try:
    torch.nanquantile(x, 0.5, out=torch.empty(0, dtype=torch.float64))
except RuntimeError as e:
    print(e)
w = x.clone().requires_grad_()
t = torch.zeros(2)
r = torch.quantile(w, 0.5, dim=1, out=t)
print(r is t, t, t.grad_fn.name(), t.requires_grad, t.is_leaf)
