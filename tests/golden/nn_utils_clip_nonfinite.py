# clip_grad_norm_(error_if_nonfinite=True) refuses a non-finite total norm (torch/nn/utils/clip_grad.py).
import torch
from torch.nn.utils import clip_grad_norm_

p = torch.ones(3, requires_grad=True)
p.grad = torch.tensor([1.0, float('inf'), 2.0])
print(clip_grad_norm_([p], 1.0))
print(p.grad)
clip_grad_norm_([p], 1.0, error_if_nonfinite=True)
