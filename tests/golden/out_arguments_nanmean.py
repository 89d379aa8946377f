# out= for torch.nanmean, and mean's out= without a dim. Expected output from
# aten/src/ATen/native/ReduceOps.cpp: nanmean_out (CompositeImplicitAutograd: no out= autograd refusal,
# so an input that requires grad is no error and out gets no grad_fn) checks the input dtype, then calls
# at::native::nansum_out directly: make_reduction wants dtype= to be out's ("nansum: provided dtype must
# match dtype of result. Got Float and Double."), the sum runs in out's dtype, then div_(count) (a long
# out fails there: "result type Float can't be cast to the desired output type Long"); out is bumped
# once. mean_dtype_out first checks canCast(self, out) ("mean.dtype_out(): input types can't be cast to
# the desired output type Long"), then mean.out's meta wants a floating input dtype.
import torch
def show(f):
    try:
        print(f())
    except RuntimeError as e:
        print(e)
x = torch.tensor([[1., float('nan'), 3.], [2., 4., float('nan')]])
o = torch.empty(0)
print(torch.nanmean(x, 1, out=o) is o, o, o._version)
show(lambda: torch.nanmean(x, out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.nanmean(x, 0, dtype=torch.float64, out=torch.empty(0)))
show(lambda: torch.nanmean(x, 0, out=torch.empty(0, dtype=torch.long)))
w = torch.tensor([1., float('nan'), 2.], requires_grad=True)
t = torch.empty(0)
print(torch.nanmean(w, out=t), t.requires_grad, t.grad_fn)
show(lambda: torch.mean(torch.tensor([1., 2.]), out=torch.empty(0, dtype=torch.long)))
show(lambda: torch.mean(torch.tensor([1, 2]), out=torch.empty(0, dtype=torch.long)))
