import torch
import torch.nn as nn
p = nn.Parameter(torch.tensor([1., 2.]))
print(p)
print(p.requires_grad, p.is_leaf, type(p).__name__)
q = nn.Parameter(torch.zeros(2), requires_grad=False)
print(q.requires_grad)
print((p * 2).grad_fn.name())
