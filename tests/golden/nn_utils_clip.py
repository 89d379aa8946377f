# torch.nn.utils: clip_grad_norm_ (2, inf, 1 norms; total norm of the stacked per-grad norms;
# grads scaled by the clamped coefficient), clip_grad_value_, parameters_to_vector / vector_to_parameters.
import torch
import torch.nn as nn
import torch.nn.utils
from torch.nn.utils import clip_grad_norm_, clip_grad_value_, parameters_to_vector, vector_to_parameters

def fresh():
    w = nn.Parameter(torch.tensor([[1.0, -2.0], [3.0, 0.5]]))
    b = nn.Parameter(torch.tensor([0.25, -1.5]))
    (w * torch.tensor([[2.0, 1.0], [-1.0, 3.0]])).sum().backward()
    (b * b * 3).sum().backward()
    return w, b

w, b = fresh()
total = clip_grad_norm_([w, b], max_norm=2.0)
print(total)
print(w.grad)
print(b.grad)

w, b = fresh()
print(torch.nn.utils.clip_grad_norm_([w, b], 4.0, norm_type=float('inf')))
print(w.grad)
print(b.grad)

w, b = fresh()
print(clip_grad_norm_((p for p in [w, b]), 100.0, norm_type=1))
print(w.grad)
print(b.grad)

w, b = fresh()
print(clip_grad_norm_(w, 1.0, 'inf'))
print(w.grad)

c = nn.Parameter(torch.tensor([1.0, 2.0]))
print(clip_grad_norm_([c], 1.0))
print(c.grad)
print(clip_grad_norm_([], 1.0))

w, b = fresh()
print(clip_grad_value_([w, b], clip_value=1.25))
print(w.grad)
print(b.grad)

v = parameters_to_vector([w, b])
print(v)
vector_to_parameters(torch.arange(6.0), [w, b])
print(w)
print(b)
print(w.grad)
try:
    vector_to_parameters([1.0, 2.0], [w])
except TypeError as e:
    print(e)

d = torch.tensor([3.0, 4.0], dtype=torch.float64, requires_grad=True)
d.grad = torch.tensor([3.0, 4.0], dtype=torch.float64)
t = clip_grad_norm_([d], 1.0)
print(t)
print(d.grad)
