# out= on torch.* functions by ATen family (Note [out= arguments], engine/bindings/out_arguments.cpp).
# Expected output derived from PyTorch's source:
# - aten/src/ATen/TensorIterator.cpp compute_types(): BINARY_OP_CONFIG / UNARY_FLOAT_OP_CONFIG /
#   build_ternary_op set enforce_safe_casting_to_output ("result type Float can't be cast to the
#   desired output type Long"; c10::canCast allows Double -> Float); UNARY_OP_CONFIG (abs, neg, floor,
#   round, sign, ...) sets check_all_same_dtype ("Found dtype Double but expected Float", out being
#   operand 0); set_up_comparison_op_config casts the bools to any out dtype; mark_resize_outputs does
#   not resize an out that is also an input ("output with shape [3] doesn't match the broadcast shape
#   [2, 3]"); compute_mem_overlaps (assert_no_internal_overlap on out);
# - aten/src/ATen/native/BinaryOps.cpp TORCH_META_FUNC2(pow, Tensor_Scalar): build_output_borrowing_
#   argument_owning_unary_op over base.to(result_type) (so SameDtype), pow.Tensor_Tensor is a binary op;
#   TensorCompare.cpp TORCH_META_FUNC(clamp): build_unary_op(out, self.to(result_type));
#   where_self_out: "Expected out type to be Float but got Double", checked before the shapes;
# - aten/src/ATen/native/ReduceOps.cpp: sum / prod / cumsum take their dtype from out when dtype= is
#   not given (infer_dtype_from_optional, meta_func_cum_ops); with dtype= the generated resize_out
#   wants out's dtype ("Expected out tensor to have dtype double, but got float instead");
#   TORCH_META_FUNC(amax): "Expected the dtype for input and out to match, but got Long for input's
#   dtype and Float for out's dtype." (test/.../common_methods_invocations.py error_inputs_aminmax_amax_amin);
#   argmax / tril / bmm are structured (resize_out: exact dtype);
# - the generated VariableType *_out kernels: "<op>(): functions with out=... arguments don't support
#   automatic differentiation, but one of the arguments requires grad." with the op an alias calls
#   (torch.arcsin -> asin, torch.greater -> gt, torch.clip -> clamp, torch.square -> pow);
# - torch/csrc/utils/python_arg_parser.cpp: "absolute(): argument 'out' must be Tensor, not int".
import torch

x = torch.tensor([1., -2., 3.])
o = torch.empty(0, dtype=torch.float64)
print(torch.sin(x, out=o) is o, o, o._version)                  # float result cast to double
print(torch.exp(torch.tensor([0, 1]), out=torch.empty(2)))    # int input promoted to float
print(torch.sqrt(x.double().abs(), out=torch.empty(3)))         # Double -> Float is a safe cast
print(torch.abs(x, out=torch.empty(0)), torch.neg(torch.tensor([1, 2]), out=torch.empty(0, dtype=torch.long)))
print(torch.eq(x, 1, out=torch.empty(3)), torch.gt(x, 0, out=torch.empty(3, dtype=torch.long)))
print(torch.logical_not(x, out=torch.empty(3, dtype=torch.int32)))
print(torch.maximum(x, torch.zeros(3), out=torch.empty(3, dtype=torch.float64)))
print(torch.pow(x, torch.tensor(2), out=torch.empty(3, dtype=torch.float64)))
print(torch.pow(x, 2, out=torch.empty(3)), torch.square(torch.tensor([3]), out=torch.empty(1, dtype=torch.long)))
print(torch.clamp(x, min=0, out=torch.empty(3)), torch.clip(x, max=0, out=torch.empty(0)))
print(torch.where(x > 0, x, 0., out=torch.empty(3)))
print(torch.addcmul(x, x, x, value=2, out=torch.empty(3)))
m = torch.tensor([[1, 2], [3, 4]], dtype=torch.int32)
print(torch.sum(m, 1, out=torch.empty(0, dtype=torch.float64)))
print(torch.sum(m, (0, 1), keepdim=True, out=torch.empty(0, dtype=torch.long)))
print(torch.mean(x, 0, out=torch.empty(0, dtype=torch.float64)), torch.prod(m, 0, out=torch.empty(2)))
print(torch.cumsum(torch.tensor([1, 2, 3]), 0, out=torch.empty(3)))
print(torch.amax(m, 1, out=torch.empty(0, dtype=torch.int32)), torch.argmax(x, out=torch.empty(0, dtype=torch.long)))
print(torch.tril(torch.ones(2, 2), out=torch.empty(0)))
print(torch.bmm(torch.ones(1, 2, 2), torch.ones(1, 2, 1), out=torch.empty(0)))
for f in [lambda: torch.sin(x, out=torch.empty(3, dtype=torch.long)),
          lambda: torch.abs(x, out=torch.empty(3, dtype=torch.float64)),
          lambda: torch.floor(torch.tensor([1, 2]), out=torch.empty(2)),
          lambda: torch.pow(x, 2, out=torch.empty(3, dtype=torch.float64)),
          lambda: torch.clamp(torch.tensor([1, 2]), min=0.5, out=torch.empty(2, dtype=torch.long)),
          lambda: torch.where(x > 0, x, 0., out=torch.empty(3, dtype=torch.float64)),
          lambda: torch.where(x > 0, x, torch.ones(2), out=torch.empty(3, dtype=torch.long)),  # dtype first
          lambda: torch.add(x, torch.ones(2, 3), out=x),
          lambda: torch.sum(x, 0, dtype=torch.float64, out=torch.empty(0)),
          lambda: torch.amax(torch.tensor([1, 2]), 0, out=torch.empty(0)),
          lambda: torch.argmax(x, out=torch.empty(0)),
          lambda: torch.bmm(torch.ones(1, 2, 2), torch.ones(1, 2, 1), out=torch.empty(0, dtype=torch.float64)),
          lambda: torch.exp(x, out=torch.zeros(1).expand(3))]:
    try:
        f()
    except RuntimeError as e:
        print(e)
r = torch.ones(3, requires_grad=True)
for f in [lambda: torch.arcsin(r, out=torch.empty(3)), lambda: torch.greater(r, 0, out=torch.empty(3)),
          lambda: torch.clip(r, 0, 1, out=torch.empty(3)), lambda: torch.square(r, out=torch.empty(3)),
          lambda: torch.sum(r, 0, out=torch.empty(0))]:
    try:
        f()
    except RuntimeError as e:
        print(e)
with torch.no_grad():
    print(torch.exp(r, out=torch.empty(0)))
try:
    torch.absolute(x, out=3)
except TypeError as e:
    print(e)
# No out= in PyTorch's signature: flip has one signature (PythonArgParser parses it with
# raise_exception: extra_kwargs "flip() got an unexpected keyword argument 'out'"); atleast_2d and
# cartesian_prod are torch/functional.py functions of *tensors (Python's own TypeError).
for f in [lambda: torch.flip(x, [0], out=x), lambda: torch.atleast_2d(x, out=x),
          lambda: torch.cartesian_prod(x, x, out=x)]:
    try:
        f()
    except TypeError as e:
        print(e)
