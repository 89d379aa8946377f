import torch
import torch.nn as nn
from collections import OrderedDict
torch.manual_seed(0)
net = nn.Linear(2, 1)
sd = net.state_dict()
print(list(sd.keys()), sd['weight'].requires_grad)
net2 = nn.Linear(2, 1)
print(net2.load_state_dict(sd))
print(torch.equal(net2.weight, net.weight))
seq = nn.Sequential(OrderedDict([('fc', nn.Linear(2, 2)), ('act', nn.ReLU())]))
print(seq)
for m in seq:
    print(m)
ml = nn.ModuleList([nn.ReLU(), nn.Tanh()])
print(ml, len(ml))
print(nn.ModuleList([nn.ReLU(), nn.ReLU(), nn.Linear(1, 2)]))
print(nn.ModuleList())
