import torch
net = torch.nn.Linear(2, 1)
ps = net.parameters()
print(len(list(ps)), len(list(ps)))
print(next(net.parameters()).shape)
