# out= for the factories (Note [out= arguments]). Expected output from:
# - the generated torch/csrc/autograd/generated/python_torch_functions.cpp: out given ->
#   check_out_type_matches (torch/csrc/utils/out_types.cpp: "dtype Double does not match dtype of out
#   parameter (Float)", "device type cuda does not match device type of out parameter (cpu)"), then
#   dispatch_<op>_out(out, ...).set_requires_grad(requires_grad);
# - aten/src/ATen/native/TensorFactories.cpp zeros_out / ones_out / full_out / eye_out / rand / randn
#   (result.resize_(size), no deprecation warning, then zero_ / fill_ / uniform_ / normal_ in out's
#   dtype from the global generator, so torch.randn(3, out=b) draws what torch.randn(3) draws);
#   empty_out only resizes (the old values stay); fill_ ignores overlap (an expanded out is fine);
# - aten/src/ATen/native/RangeFactories.cpp arange_out / linspace_out: "if (result.numel() != size)
#   result.resize_({size})", so an out of another shape with the right element count keeps its shape;
# - ADInplaceOrView *_out kernels: increment_version(out) once.
import torch

o = torch.empty(0, dtype=torch.long)
print(torch.arange(5, out=o) is o, o, o._version)
print(torch.arange(6, out=torch.empty(2, 3)), torch.arange(0, 1, 0.25, out=torch.empty(0, dtype=torch.float64)))
print(torch.zeros(2, 3, out=torch.empty(0, dtype=torch.int32)), torch.ones(2, out=torch.zeros(1).expand(2)))
print(torch.full((2,), 7, out=torch.empty(0)), torch.linspace(0, 1, 3, out=torch.empty(0, dtype=torch.float64)))
e = torch.ones(3)
print(torch.eye(2, out=torch.empty(0)), torch.empty(3, out=e), e._version, torch.empty(2, out=torch.ones(3)))
torch.manual_seed(0)
a = torch.randn(3)
torch.manual_seed(0)
b = torch.empty(0)
torch.randn(3, out=b)
print(torch.equal(a, b), b._version, torch.zeros(2, out=torch.empty(0), requires_grad=True))
for f in [lambda: torch.zeros(2, dtype=torch.float64, out=torch.empty(0)),
          lambda: torch.arange(3, device='cuda', out=torch.empty(0)),
          lambda: torch.arange(3, dtype=torch.long, out=torch.empty(0))]:
    try:
        f()
    except RuntimeError as e:
        print(e)
