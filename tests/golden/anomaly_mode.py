# torch.autograd.detect_anomaly / set_detect_anomaly, expected output derived from:
# - torch/autograd/anomaly_mode.py (detect_anomaly enables on __enter__ and restores the previous
#   mode on __exit__; set_detect_anomaly takes effect when called, so it also works as a function;
#   check_nan=False turns the nan check off);
# - torch/csrc/autograd/engine.cpp evaluate_function ("Function 'SqrtBackward0' returned nan values
#   in its 0th output."); derivatives.yaml sqrt: grad / (2 * result) = 0 / 0 at 0;
# - torch/csrc/autograd/saved_variable.cpp (the version-mismatch hint changes under anomaly mode).
# The warning with the forward traceback goes to stderr; tests/unit/test_anomaly_mode.cpp checks it.
import torch

print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
x = torch.ones(2, requires_grad=True)
with torch.autograd.set_detect_anomaly(True):
    print(torch.is_anomaly_enabled())
    y = x.exp()
    y.add_(1)
    try:
        y.sum().backward()
    except RuntimeError as e:
        print(e)
print(torch.is_anomaly_enabled())

torch.autograd.set_detect_anomaly(True, check_nan=False)
print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
a = torch.zeros(2, requires_grad=True)
(a.sqrt() * 0).sum().backward()
print(a.grad)
torch.autograd.set_detect_anomaly(False)

b = torch.zeros(2, requires_grad=True)
with torch.autograd.detect_anomaly():
    print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
    loss = (b.sqrt() * 0).sum()
    loss.backward()
