# out=(values, indices) for torch.median / mode, and median's out= without a dim. Expected output from
# aten/src/ATen/native/Sorting.cpp median_with_indices_impl: the dim / empty checks, then
# checkScalarType("median", {indices, "indices", 1}, kLong) and checkSameType("median", {values,
# "values", 0}, {self, "self", 2}) (aten/src/ATen/TensorUtils.cpp: "Expected tensor for argument #1
# 'indices' to have scalar type Long; but got torch.IntTensor instead (while checking arguments for
# median)"; position 0 prints as just 'values'; torch/csrc/Exceptions.cpp turns CPUIntType into
# torch.IntTensor), then resize_output of both. median(Tensor self) has no out= overload in Python, so
# median(x, out=...) is PythonArgParser's "received an invalid combination of arguments" (two plausible
# signatures; TensorList[2] prints as "tuple of Tensors", a tuple argument as "tuple").
# TensorCompare.cpp mode_out checks both outputs before wrapping dim ("expected scalar type 'Float' but
# got 'Double' for values output", "expected scalar type 'Long' but got 'Int' for indices output"); its
# kernel unsqueezes / resizes / squeezes below autograd, so each out is bumped once. Both refuse autograd
# first ("median(): functions with out=...").
import torch
def show(f):
    try:
        print(f())
    except (RuntimeError, TypeError) as e:
        print(e)
x = torch.tensor([[3., 1., 2.], [0., 5., 5.]])
v, i = torch.empty(0), torch.empty(0, dtype=torch.long)
r = torch.median(x, 1, out=(v, i))
print(r, r.values is v, v._version, i._version)
show(lambda: torch.median(x, 0, True, out=(torch.empty(0), torch.empty(0, dtype=torch.long))))
show(lambda: torch.median(x, 1, out=(torch.empty(0), torch.empty(0, dtype=torch.int32))))
show(lambda: torch.median(x, 1, out=(torch.empty(0, dtype=torch.float64), torch.empty(0, dtype=torch.long))))
show(lambda: torch.median(x, out=(torch.empty(0), torch.empty(0, dtype=torch.long))))
v, i = torch.empty(0), torch.empty(0, dtype=torch.long)
r = torch.mode(x, out=(v, i))
print(r, r.indices is i, v._version, i._version)
show(lambda: torch.mode(x, 0, keepdim=True, out=(torch.empty(0), torch.empty(0, dtype=torch.long))))
show(lambda: torch.mode(x, 5, out=(torch.empty(0, dtype=torch.float64), torch.empty(0, dtype=torch.long))))
show(lambda: torch.mode(x, 1, out=(torch.empty(0), torch.empty(0, dtype=torch.int32))))
v3 = torch.zeros(4)
show(lambda: torch.mode(x, 1, out=(v3, torch.empty(0, dtype=torch.long))))
w = x.clone().requires_grad_()
show(lambda: torch.median(w, 1, out=(torch.empty(0), torch.empty(0, dtype=torch.long))))
show(lambda: torch.mode(w, 1, out=(torch.empty(0), torch.empty(0, dtype=torch.long))))
