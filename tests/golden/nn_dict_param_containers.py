# nn.ModuleDict / nn.ParameterList / nn.ParameterDict: reprs, iteration, registration, names.
import torch
import torch.nn as nn

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict({'b': nn.ReLU(), 'a': nn.Tanh()})
        self.ws = nn.ParameterList([nn.Parameter(torch.zeros(2, 3)), torch.ones(4)])
        self.pd = nn.ParameterDict({'z': torch.zeros(1), 'k': nn.Parameter(torch.ones(2, 2))})

net = Net()
print(net)
print([name for name, p in net.named_parameters()])
print(len(list(net.parameters())))
print(list(net.heads), len(net.heads), 'a' in net.heads, 'c' in net.heads)
print(net.heads['a'])
for k, m in net.heads.items():
    print(k, m)
print(list(net.pd), list(net.pd.keys()), len(net.pd))
print(net.pd['k'])
print(type(net.ws[1]).__name__, net.ws[-1].requires_grad, len(net.ws))
for p in net.ws:
    print(p.shape)
net.ws.append(torch.zeros(3))
print(net.ws)
print(nn.ParameterList([torch.zeros(5)]))
print(nn.ParameterList(), nn.ModuleDict(), nn.ParameterDict())
d = nn.ModuleDict()
d['lin'] = nn.Identity()
d.update([('x', nn.ReLU())])
print(d)
print(list(d.keys()), [type(v).__name__ for v in d.values()])
print(type(nn.ModuleDict()))
try:
    net.ws[5]
except IndexError as e:
    print('IndexError:', e)
try:
    net.pd['q']
except KeyError as e:
    print('KeyError:', e)
