# A Tensor method given out=. Expected output from PyTorch's Python bindings: the methods
# (tools/autograd/templates/python_variable_methods.cpp, filled by tools/autograd/gen_python_functions.py)
# bind no out= overload and have no `self` parameter, so each signature is the torch.* one without
# `Tensor input` and without `out` (torch.max's four, as PyTorch 2.7 prints them in
# pytorch/pytorch#157948, become "()", "(Tensor other)", "(int dim, bool keepdim = False)",
# "(name dim, bool keepdim = False)"). PythonArgParser::print_error (torch/csrc/utils/python_arg_parser.cpp)
# counts the signatures whose min_args <= given arguments <= max_args: with exactly one it reparses
# against it, whose extra_kwargs raises "add() got an unexpected keyword argument 'out'"; with several it
# raises torch::format_invalid_args (torch/csrc/utils/invalid_arguments.cpp): "got (out=Tensor, )" (the
# trailing ", " is trimmed only after positional arguments), each signature on a " * " line, and under a
# signature with as many ", "-pieces as given arguments ("()" is one empty piece, "*" is one) a "didn't
# match because some of the keywords were incorrect" line (a piece's name is what follows its last space,
# so "torch.dtype dtype = None" is named "None" and matches no keyword). Nothing is computed or written.
import torch

x = torch.tensor([[1., 2.], [3., 4.]])
t = torch.zeros(())
for f in [lambda: x.sum(out=t), lambda: x.sum(0, out=t), lambda: x.max(out=t), lambda: x.min(1, out=t),
          lambda: x.median(out=t), lambda: x.cumprod(0, out=t), lambda: x.prod(out=t), lambda: x.mean(out=t),
          lambda: x.add(x, out=t)]:
    try:
        f()
    except TypeError as e:
        print(e)
print(t, t._version)

# The same rule over more methods. Each method's signatures are its native_functions.yaml overloads
# with a method variant (aten/src/ATen/native/native_functions.yaml), in the order
# tools/autograd/gen_python_functions.py's sort_overloads gives them: sorted by signature_str
# ("std(DimnameList[1] dim, *, ..." < "std(IntArrayRef[1]? dim, bool ..." < "std(IntArrayRef[1]? dim=None, ..."
# < "std(bool unbiased=True)"), then topologically so that an overload whose only difference is a
# Dimname where another has an int comes after it. Types as FunctionParameter::type_name prints them
# (torch/csrc/utils/python_arg_parser.cpp): int[1]? -> "tuple of ints", Dimname[1] -> "tuple of names",
# Dimname -> "name", Scalar? -> "Number", float -> "float", Generator? -> "torch.Generator", with
# " = default" only where the schema has a default.
#   std/var: std(bool unbiased=True), std.dim(int[1]? dim, bool unbiased=True, bool keepdim=False),
#     std.correction(int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False), std.names_dim,
#     std.correction_names (their Dimname[1] twins).
#   all/any: all(), all.dim(int dim, bool keepdim=False), all.dims(int[]? dim=None, bool keepdim=False),
#     all.dimname(Dimname dim, bool keepdim=False).
#   bernoulli: bernoulli(*, Generator? generator=None), bernoulli.p(float p, *, Generator? generator=None)
#     (bernoulli_.Tensor/.float are the in-place methods; the autogen bernoulli.Tensor has no method).
# With one argument (out=) several are plausible, so every one is an invalid combination; nothing runs:
# bernoulli draws nothing, so the generator is where it was (torch.rand after it equals torch.rand
# after the same seed alone).
for f in [lambda: x.std(out=t), lambda: x.var(0, out=t), lambda: x.all(out=t), lambda: x.any(1, out=t),
          lambda: x.bernoulli(out=t)]:
    try:
        f()
    except TypeError as e:
        print(e)
print(t, t._version)
p = torch.full((3,), 0.5)
torch.manual_seed(0)
try:
    p.bernoulli(out=t)
except TypeError:
    pass
after_refusal = torch.rand(1)
torch.manual_seed(0)
print(torch.equal(after_refusal, torch.rand(1)))

# More of native_functions.yaml's method overloads, ordered the same way:
#   sort(int dim=-1, bool descending=False), sort.stable(*, bool? stable, int dim=-1, ...), sort.dimname,
#     sort.dimname_stable: "sort(*, ..." sorts first, each Dimname one after its int twin; argsort likewise
#     (argsort.stable has `bool stable`; no dimname_stable).
#   count_nonzero(int? dim=None), count_nonzero.dim_IntList(int[] dim): sort_overloads' is_arg_smaller
#     puts int[] after int?.
#   softmax.int(int dim, ScalarType? dtype=None) (dtype positional), softmax.Dimname(Dimname dim, *, ...);
#     log_softmax likewise. logsumexp(int[1] dim, bool keepdim=False), logsumexp.names(Dimname[1] dim, ...).
#   cummax/cummin/logcumsumexp(int dim) and .dimname(Dimname dim). mode(int dim=-1, bool keepdim=False),
#     mode.dimname(Dimname dim, ...); kthvalue(SymInt k, int dim=-1, bool keepdim=False), kthvalue.dimname
#     (FunctionParameter::type_name prints SymInt as "int").
# print_error reparses only when exactly one signature is plausible: with none (cummax(0, out=t): two
# arguments, every signature takes one; max(0, True, out=t)) it lists them all as well.
for f in [lambda: x.sort(out=t), lambda: x.argsort(out=t), lambda: x.count_nonzero(out=t),
          lambda: x.softmax(0, out=t), lambda: x.log_softmax(0, out=t), lambda: x.logsumexp(0, out=t),
          lambda: x.cummax(0, out=t), lambda: x.cummin(0, out=t), lambda: x.logcumsumexp(0, out=t),
          lambda: x.mode(out=t), lambda: x.kthvalue(1, out=t),
          lambda: x.max(0, True, out=t), lambda: x.nansum(out=t)]:
    try:
        f()
    except TypeError as e:
        print(e)
print(t, t._version)

# Tensor.norm is Python (torch/_tensor.py: def norm(self, p="fro", dim=None, keepdim=False, dtype=None)):
# CPython binds it and names it by __qualname__, keywords before the positional count (CPython 3.11
# initialize_locals).
for f in [lambda: x.norm(out=t), lambda: x.norm(2, p=2), lambda: x.norm(1, 2, 3, 4, 5)]:
    try:
        f()
    except TypeError as e:
        print(e)
print(x.norm(), x.norm(1), x.norm(p=2, dim=1, keepdim=True))
