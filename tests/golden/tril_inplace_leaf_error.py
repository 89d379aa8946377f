import torch
L = torch.ones(2, 2, requires_grad=True)
print(L.tril().grad_fn.name())
L.tril_()
