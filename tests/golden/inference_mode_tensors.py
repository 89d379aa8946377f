# torch.inference_mode(): tensors made inside are inference tensors (is_inference), grad mode is off
# inside and restored after, inference_mode(False) turns grad mode back on inside (c10::InferenceMode),
# and an inference tensor cannot be saved for backward (torch/csrc/autograd/saved_variable.cpp).
import torch

x = torch.ones(2, requires_grad=True)
with torch.inference_mode():
    print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
    z = x * 2
    with torch.inference_mode(False):
        print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
        n = torch.zeros(1)
print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
print(z, z.requires_grad, z.is_inference(), x.is_inference(), n.is_inference())
with torch.no_grad():
    y = x * 2
print(y.is_inference(), torch.is_inference_mode_enabled())
print(z + 1)
w = z.clone()
print(w.is_inference())
(w * x).sum().backward()
print(x.grad)
bad = z * x
