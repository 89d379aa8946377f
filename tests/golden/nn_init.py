import torch
w = torch.empty(2, 3)
torch.nn.init.constant_(w, 0.5)
print(w)
torch.nn.init.zeros_(w)
print(w.sum())
p = torch.nn.Parameter(torch.empty(2))
torch.nn.init.ones_(p)
print(p, p.is_leaf)
