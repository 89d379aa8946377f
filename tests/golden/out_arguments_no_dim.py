# A reduction's out= without a dim. Expected output from aten/src/ATen/native/native_functions.yaml:
# sum.IntList_out(Tensor self, int[1]? dim, ...) and prod.int_out(Tensor self, int dim, ...) are the only
# out overloads Python binds (sum.out / prod.out are autogen'd, tagged "generated", which
# tools/autograd/gen_python_functions.py skips), and dim has no default. So torch.sum(x, out=t) matches
# no signature: PythonArgParser::print_error (torch/csrc/utils/python_arg_parser.cpp) finds three
# plausible signatures and raises torch::format_invalid_args (torch/csrc/utils/invalid_arguments.cpp):
# "got (Tensor, out=Tensor), but expected one of:" then each FunctionSignature::toString on its own
# " * " line (type names, "= default" for optional parameters), the message ending in a newline. A
# signature with as many ", "-pieces as given arguments gets a "didn't match" line. sum's dim takes
# None (dim=None, out=t sums everything into t); prod's `int dim` does not. mean.dtype_out(Tensor
# self, *, ScalarType? dtype=None, Tensor(a!) out) and nansum.out (dim=None default) take out= without
# a dim, out's dtype becoming the reduction's (mean_dtype_out -> mean.out's meta:
# infer_dtype_from_optional).
import torch

x = torch.tensor([[1., 2.], [3., 4.]])
for f in [lambda: torch.sum(x, out=torch.empty(0)), lambda: torch.prod(x, out=torch.empty(0)),
          lambda: torch.prod(x, None, out=torch.empty(0))]:
    try:
        f()
    except TypeError as e:
        print(e)
t = torch.empty(0, dtype=torch.float64)
print(torch.sum(x, dim=None, out=t) is t, t, t._version)
print(torch.mean(x, out=torch.empty(0)))
print(torch.nansum(torch.tensor([1., float('nan'), 2.]), out=torch.empty(0, dtype=torch.float64)))
