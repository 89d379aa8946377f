# out= for torch.add / sub / mul / div (and the aliases subtract / multiply / divide / true_divide),
# torch.mm and torch.cat, expected output derived from:
# - the generated torch/csrc/autograd/generated/VariableType_*.cpp *_out kernels:
#   throw_error_out_requires_grad("add") when an input (or out) requires grad under grad mode,
#   "add(): functions with out=... arguments don't support automatic differentiation, but one of
#   the arguments requires grad." (aliases are CompositeImplicitAutograd and reach sub/mul/div);
#   increment_version(out) once;
# - aten/src/ATen/TensorIterator.cpp build(): compute_mem_overlaps (assert_no_internal_overlap on
#   out), compute_shape, compute_types ("result type Float can't be cast to the desired output
#   type Long"; the computation runs in the inputs' common dtype, then is cast to out's), then
#   resize_output;
# - aten/src/ATen/native/Resize.cpp resize_output_check: an out with zero elements is resized
#   silently, a non-empty one with a UserWarning ("An output with one or more elements was
#   resized since it had shape [2], which does not match the required output shape [3]. ...");
# - mm is a structured kernel: TORCH_META_FUNC(mm) checks the shapes first, then the generated
#   resize_out wants out's dtype to be self's ("Expected out tensor to have dtype float, but got
#   double instead": caffe2::TypeMeta names);
# - aten/src/ATen/native/TensorShape.cpp TORCH_PRECOMPUTE_META_FUNC(cat): canCast(result_type(tensors),
#   out) ("torch.cat(): input types can't be cast to the desired output type Long") before the shape
#   checks, out's dtype becomes the result's; cat_out_cpu: "torch.cat(): unsupported operation: the
#   input tensors cannot refer to any of the output memory locations. Found overlap in input tensor 0".
import torch

a = torch.tensor([1., 2., 3.])
b = torch.tensor([10., 20., 30.])
o = torch.empty(0)
r = torch.add(a, b, out=o)
print(r is o, o, o._version)
o2 = torch.zeros(2)
print(torch.mul(a, b, out=o2) is o2, o2, o2._version)   # resized, with the UserWarning on stderr
od = torch.zeros(3, dtype=torch.float64)
print(torch.div(a, 3, out=od))                       # float32 result cast to out's float64
print(torch.sub(a, b, alpha=2, out=a), a)              # out may be an input
print(torch.true_divide(b, a, out=torch.empty(0)))
print(torch.multiply(torch.tensor([1, 2]), 3, out=torch.zeros(2, dtype=torch.float64)))
oi = torch.zeros(3, dtype=torch.long)
try:
    torch.add(a, b, out=oi)
except RuntimeError as e:
    print(e, oi)
x = torch.ones(3, requires_grad=True)
for f in [lambda: torch.mul(x, 2, out=torch.empty(3)), lambda: torch.subtract(x, 2, out=torch.empty(3)),
          lambda: torch.divide(torch.ones(3), 2, out=x)]:
    try:
        f()
    except RuntimeError as e:
        print(e)
with torch.no_grad():
    print(torch.mul(x, 2, out=torch.empty(3)))
try:
    torch.add(a, b, out=torch.zeros(1).expand(3))
except RuntimeError as e:
    print(e)
m = torch.arange(6.).view(2, 3)
om = torch.empty(0)
print(torch.mm(m, torch.ones(3, 2), out=om) is om, om, om._version)
for f in [lambda: torch.mm(m, torch.ones(3, 2), out=torch.empty(2, 2, dtype=torch.float64)),
          lambda: torch.mm(m, torch.ones(2, 2), out=torch.empty(2, 2, dtype=torch.float64)),
          lambda: torch.mm(m, torch.ones(3, 1, requires_grad=True), out=torch.empty(0))]:
    try:
        f()
    except RuntimeError as e:
        print(e)
oc = torch.empty(0, dtype=torch.float64)
print(torch.cat([torch.tensor([[1, 2]]), torch.tensor([[3., 4.]])], out=oc) is oc, oc)
buf = torch.zeros(4)
for f in [lambda: torch.cat([torch.ones(1, 2), torch.ones(2, 3)], out=torch.empty(0, dtype=torch.long)),
          lambda: torch.cat([buf[:2], torch.ones(2)], out=buf),
          lambda: torch.concat([x, x], out=torch.empty(0))]:
    try:
        f()
    except RuntimeError as e:
        print(e)
torch.add(x, 1, out=torch.empty(3))
