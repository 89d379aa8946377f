# Tensor.view(dtype), expected output derived from aten/src/ATen/native/TensorConversions.cpp
# view_dtype (same element size: same sizes/strides/offset; smaller: the last dim (stride 1) is
# split and the other strides and the offset scale up; larger: merged, with the divisibility checks
# and their messages), tools/autograd/derivatives.yaml (view.dtype: output_differentiability False,
# so a non-differentiable view sharing the version counter), and test/test_view_ops.py test_view_dtype.
# float32 1.0 = 0x3F800000 = 1065353216, -2.0 = 0xC0000000, 0.5 = 0x3F000000 (little-endian bytes).
import torch

x = torch.tensor([1.0, -2.0, 0.5])
i = x.view(torch.int32)
print(i)
print(i.untyped_storage().data_ptr() == x.untyped_storage().data_ptr(), i._is_view(), i._base is None)
i[0] = 0
print(x, x._version)
print(torch.tensor([1.0]).view(torch.uint8))
print(x.view(dtype=torch.float32) is x)

m = torch.zeros(2, 3)
s = m.view(torch.int16)
print(s.shape, s.stride())
w = torch.zeros(2, 4, dtype=torch.int16).view(torch.float32)
print(w.shape, w.stride(), w.dtype)
print(torch.ones(2, requires_grad=True).view(torch.int32).requires_grad)

def attempt(f):
    try:
        f()
    except RuntimeError as e:
        print("RuntimeError:", e)

attempt(lambda: torch.tensor(1.0).view(torch.int16))
attempt(lambda: torch.zeros(2, 2).t().view(torch.int16))
attempt(lambda: torch.zeros(3, dtype=torch.int16).view(torch.float32))
attempt(lambda: torch.zeros(5, dtype=torch.int16)[1:].view(torch.float32))
attempt(lambda: torch.zeros(3, 3, dtype=torch.int16)[:, :2].view(torch.float32))
