# `a or b` / `a and b` call bool() on every operand but the last (Python semantics), so a
# multi-element tensor as the last operand is returned, not refused.
import torch
print(None or torch.ones(2))
print(torch.ones(1) and torch.ones(2))
print(0 or [] or torch.zeros(2))
x = torch.ones(3, requires_grad=True)
print(x.pow(2).sum().backward() or x.grad)
try:
    print(torch.ones(2) or 1)
except RuntimeError as e:
    print("RuntimeError:", e)
