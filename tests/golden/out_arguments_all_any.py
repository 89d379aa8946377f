# out= for torch.all / any. Expected output from aten/src/ATen/native/ReduceOps.cpp allany_meta:
# check_result_is_bytebool ("all only supports bool tensor for result, got: Float"), then the result
# in out's dtype (bool or uint8: [all, any : uint8 compatibility]); tools/autograd/derivatives.yaml
# marks their output non-differentiable, so an input that requires grad is no error.
import torch

x = torch.tensor([[1., 0.], [2., 3.]], requires_grad=True)
o = torch.empty(0, dtype=torch.bool)
print(torch.all(x, 1, out=o) is o, o, o._version)
print(torch.any(x, out=torch.empty(0, dtype=torch.uint8)), torch.any(x, 0, keepdim=True, out=torch.empty(0, dtype=torch.bool)))
print(torch.all(torch.tensor([1, 2], dtype=torch.uint8), out=torch.empty(0, dtype=torch.bool)))
try:
    torch.any(x, out=torch.empty(0))
except RuntimeError as e:
    print(e)
