# out= for torch.diag. Expected output from aten/src/ATen/native/TensorShape.cpp diag_out: "Supports 1D
# or 2D tensors. Got 3D" (diag()'s own text has a "diag(): " prefix, the out variant's not); a 1-D input
# first needs canCast(self, out) ("diag: result type Float can't be cast to the desired out= type Long"),
# then diag_embed_out; a 2-D input goes to diagonal_copy_out. Both are autogen'd out wrappers: compute,
# resize_output(out, ...), out.copy_(result), so a 2-D input's diagonal is cast to any out dtype. The
# diag.out VariableType kernel refuses autograd first and bumps out once.
import torch
def show(f):
    try:
        print(f())
    except RuntimeError as e:
        print(e)
o = torch.empty(0)
print(torch.diag(torch.tensor([1., 2.]), out=o) is o, o, o._version)
show(lambda: torch.diag(torch.tensor([1., 2.]), 1, out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.diag(torch.tensor([1., 2.]), out=torch.empty(0, dtype=torch.long)))
show(lambda: torch.diag(torch.tensor([[1.5, 2.], [3., 4.5]]), out=torch.empty(0, dtype=torch.long)))
show(lambda: torch.diag(torch.ones(2, 2, 2), out=torch.empty(0)))
show(lambda: torch.diag(torch.ones(2, requires_grad=True), out=torch.empty(0)))
