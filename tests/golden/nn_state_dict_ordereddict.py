# Module.state_dict() is a collections.OrderedDict (torch/nn/modules/module.py) and prints as one.
import torch
import torch.nn as nn
from collections import OrderedDict

torch.manual_seed(0)
lin = nn.Linear(2, 1)
sd = lin.state_dict()
print(sd)
print(type(sd), isinstance(sd, dict), isinstance(sd, OrderedDict), isinstance({}, OrderedDict))
print(type(dict(sd)))
torch.manual_seed(0)
print(nn.Sequential(nn.Linear(1, 1)).state_dict())
print(nn.ReLU().state_dict())
print(OrderedDict(), OrderedDict([('a', 1), ('b', [1, 2])]), OrderedDict(a=1))
