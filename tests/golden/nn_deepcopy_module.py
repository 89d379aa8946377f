import copy
import torch
torch.manual_seed(0)
net = torch.nn.Linear(2, 1)
net2 = copy.deepcopy(net)
print(net2.weight is net.weight, torch.equal(net2.weight, net.weight), net2)
with torch.no_grad():
    net2.weight.fill_(1)
print(net.weight)
print(net2.weight)
