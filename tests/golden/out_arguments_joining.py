# out= for torch.stack / hstack / vstack / row_stack / dstack / column_stack (Note [Joining with out=]).
# Expected output from aten/src/ATen/native/TensorShape.cpp: hstack_out / vstack_out / dstack_out are
# cat_out over atleast_1d / 2d / 3d (CompositeImplicitAutograd: the autograd refusal is cat's, and
# TORCH_PRECOMPUTE_META_FUNC(cat)'s "torch.cat(): input types can't be cast to the desired output
# type Long"), each after "<op> expects a non-empty TensorList"; column_stack_out reshapes 0-d / 1-d
# inputs to (numel, 1) and calls hstack_out; stack_out (its own VariableType kernel: "stack():
# functions with out=...") checks the inputs ("stack expects each tensor to be equal size, but got [2]
# at entry 0 and [3] at entry 1"), then for a new dim before the last resize_output(result, stacked
# shape) before cat_out's dtype check (so a refused out is already resized), and cats into it.
import torch

a, b = torch.tensor([1, 2]), torch.tensor([3, 4])
o = torch.empty(0)
print(torch.stack([a, b], out=o) is o, o, o._version)
print(torch.stack([a, b], 1, out=torch.empty(0, dtype=torch.long)), torch.stack((a, b), dim=-1, out=torch.empty(0)))
print(torch.hstack([a, b], out=torch.empty(0)), torch.vstack([a, b], out=torch.empty(0)), torch.row_stack([a, b], out=torch.empty(0)))
print(torch.dstack([a, b], out=torch.empty(0)).shape, torch.column_stack([a, b], out=torch.empty(0)))
print(torch.hstack([torch.ones(2, 1), torch.zeros(2, 2)], out=torch.empty(0)))
x = torch.ones(2, requires_grad=True)
for f in [lambda: torch.stack([x, x], out=torch.empty(0)), lambda: torch.hstack([x, x], out=torch.empty(0)),
          lambda: torch.vstack([a.float(), b.float()], out=torch.empty(0, dtype=torch.long)),
          lambda: torch.stack([], out=torch.empty(0)), lambda: torch.column_stack([], out=torch.empty(0)),
          lambda: torch.stack([a, torch.ones(3)], out=torch.empty(0))]:
    try:
        f()
    except RuntimeError as e:
        print(e)
ol = torch.empty(0, dtype=torch.long)
try:
    torch.stack([a.float(), b.float()], out=ol)
except RuntimeError as e:
    print(e, ol.shape)
