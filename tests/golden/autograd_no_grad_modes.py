import torch
x = torch.ones(2, requires_grad=True)
with torch.no_grad():
    y = x * 2
    print(torch.is_grad_enabled())
print(y.requires_grad, y.grad_fn, torch.is_grad_enabled())
@torch.no_grad()
def f(t):
    return t * 3
print(f(x).requires_grad)
torch.set_grad_enabled(False)
print((x * 2).requires_grad)
torch.set_grad_enabled(True)
with torch.set_grad_enabled(False):
    print((x + 1).requires_grad)
print((x + 1).requires_grad)
with torch.no_grad():
    x.add_(1)
print(x, x._version)
with torch.enable_grad():
    print((x * 1).requires_grad)
