# Module.parameters() and friends are generators: one pass, then exhausted.
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(2, 3), nn.ReLU())
params = model.parameters()
print(type(params))
print(repr(params).split(" at 0x")[0])
print(repr(model.named_parameters()).split(" at 0x")[0])
print(repr(model.children()).split(" at 0x")[0], repr(model.modules()).split(" at 0x")[0])
print([p.shape for p in params])
print(list(params))
print(next(model.named_children())[0])
