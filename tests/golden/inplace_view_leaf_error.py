import torch
p = torch.ones(2, 3, requires_grad=True)
print(p.shape, p._version)
p.t_()
