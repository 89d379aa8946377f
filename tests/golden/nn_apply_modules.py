import torch
import torch.nn as nn
net = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
def init(m):
    if isinstance(m, nn.Linear):
        nn.init.constant_(m.weight, 0.5)
        nn.init.zeros_(m.bias)
print(net.apply(init) is net)
print(net[0].weight)
print([n for n, m in net.named_modules()])
print(len(list(net.modules())), sum(p.numel() for p in net.parameters()))
print(net(torch.ones(1, 2)))
