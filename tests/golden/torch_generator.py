import torch
g = torch.manual_seed(7)
print(type(g).__name__, g is torch.manual_seed(1), torch.initial_seed())
print(g.initial_seed())
