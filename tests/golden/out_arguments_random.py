# out= for torch.normal and torch.bernoulli. Expected output from PyTorch's source
# (aten/src/ATen/native/DistributionTemplates.h) and its generator: torch.manual_seed(0) then
# torch.randn(3) is tensor([ 1.5410, -0.2934, -2.1788]) (the values PyTorch's docs and tutorials show).
# - normal_out_impl(output, Tensor mean, double std): the shape is mean's broadcast with out's *current*
#   shape (std_tensor = at::empty_like(output)), so an empty out of another shape fails in infer_size
#   ("The size of tensor a (3) must match the size of tensor b (0) at non-singleton dimension 0"); then
#   resize_output, normal_(0, std) drawn into out itself, out.add_(mean). The values are those of
#   torch.normal(mean, std) from the same seed, which runs the same code on a fresh tensor.
# - normal_out_impl(output, Tensor mean, Tensor std) / (double mean, Tensor std): the shape from mean
#   and std, normal_(0, 1) into out, then out.mul_(std).add_(mean): in place, so out keeps its dtype
#   (TensorIterator's canCast lets a double std into a float out).
# - normal(float mean, float std, size, out=) is normal_out (TensorFactories.cpp): result.resize_(size)
#   with no warning, then normal_(mean, std): randn's stream scaled.
# - bernoulli_out_impl: result.resize_(self.sizes()) (no warning), then result.bernoulli_(self), the
#   same serial kernel as torch.bernoulli(p), in out's dtype (an int out holds 0 / 1).
# Each out op bumps out's version once; an input that requires grad is refused first ("normal():
# functions with out=... arguments don't support automatic differentiation, but one of the arguments
# requires grad.").
import torch

o = torch.empty(3)
torch.manual_seed(0)
print(torch.normal(torch.zeros(3), 1., out=o) is o, o, o._version)
torch.manual_seed(0)
torch.normal(torch.full((3,), 5.), 2., out=o)
print(torch.allclose(o, 5 + 2 * torch.tensor([1.5410, -0.2934, -2.1788]), atol=1e-4), o._version)
try:
    torch.normal(torch.zeros(3), 1., out=torch.empty(0))
except RuntimeError as e:
    print(e)
wide = torch.empty(2, 3)
torch.manual_seed(0)
torch.normal(torch.zeros(3), 1., out=wide)
torch.manual_seed(0)
print(torch.equal(wide, torch.randn(2, 3)), wide.shape)
torch.manual_seed(0)
a = torch.normal(torch.zeros(2, 2), torch.ones(2, 2), out=torch.empty(0))
torch.manual_seed(0)
print(torch.equal(a, torch.normal(torch.zeros(2, 2), torch.ones(2, 2))), a)
h = torch.empty(2)
torch.normal(0., torch.ones(2, dtype=torch.float64), out=h)  # mul_ of float by double: canCast allows it
print(h.dtype)
try:
    torch.normal(torch.zeros(2, requires_grad=True), 1., out=torch.empty(2))
except RuntimeError as e:
    print(e)
try:
    torch.normal(torch.zeros(2), -1., out=torch.empty(2))
except RuntimeError as e:
    print(e)
f = torch.ones(4)
torch.manual_seed(0)
print(torch.normal(2., 3., (3,), out=f) is f, f.shape, f._version)
torch.manual_seed(0)
print(torch.allclose(f, 2 + 3 * torch.randn(3)))

p = torch.tensor([0., 1., 0.5, 0.5, 0.5, 0.5])
bo = torch.empty(0, dtype=torch.int64)
torch.manual_seed(0)
print(torch.bernoulli(p, out=bo) is bo, bo.dtype, bo[:2], bo._version)
torch.manual_seed(0)
print(torch.equal(bo, torch.bernoulli(p).long()))
try:
    torch.bernoulli(p.clone().requires_grad_(), out=bo)
except RuntimeError as e:
    print(e)
