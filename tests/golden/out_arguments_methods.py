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
