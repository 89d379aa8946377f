# out= for torch.histc. Expected output from aten/src/ATen/native/Histogram.cpp histogram_histc_out:
# histogramdd_prepare_out first wants hist in the input's dtype ("torch.histogram: input tensor and hist
# tensor should have the same dtype, but got input float and hist double": caffe2::TypeMeta names), before
# the "bins must be > 0" check, then resize_output(hist, bins); tools/autograd/derivatives.yaml marks
# histc's output non-differentiable, so an input that requires grad is no error.
import torch
def show(f):
    try:
        print(f())
    except RuntimeError as e:
        print(e)
x = torch.tensor([1., 2., 1., 4.])
o = torch.empty(0)
print(torch.histc(x, 4, out=o) is o, o, o._version)
show(lambda: torch.histc(x, 3, 0, 3, out=torch.zeros(2)))
show(lambda: torch.histc(x, 4, out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.histc(x, 0, out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.histc(x.requires_grad_(), 2, out=torch.empty(0)))
