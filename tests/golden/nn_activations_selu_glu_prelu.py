# selu / celu / hardtanh / relu6 / threshold / logsigmoid / softmin / glu / mish / hardswish /
# hardsigmoid / prelu: functional forms, modules and reprs, grad_fn names and gradients.
import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.tensor([-4.0, -2.5, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0, 7.0], requires_grad=True)

def show(y):
    print(y)
    x.grad = None
    y.sum().backward()
    print(x.grad)

show(F.selu(x))
show(torch.celu(x, alpha=2.0))
show(F.hardtanh(x, -2.0, 2.0))
show(F.relu6(x))
show(F.threshold(x, 0.5, -1.0))
show(F.logsigmoid(x))
show(F.mish(x))
show(F.hardswish(x))
show(F.hardsigmoid(x))

m = torch.tensor([[1.0, -1.0, 0.5, 2.0], [0.0, 3.0, -2.0, 1.0]], requires_grad=True)
g = F.glu(m)
print(g)
g.sum().backward()
print(m.grad)
print(F.glu(m, dim=0))
print(F.softmin(m, dim=1))

for mod in [nn.SELU(), nn.CELU(), nn.CELU(0.5, inplace=True), nn.Hardtanh(), nn.Hardtanh(-2, 2), nn.ReLU6(),
            nn.ReLU6(inplace=True), nn.Threshold(0.1, 20), nn.LogSigmoid(), nn.Softmin(dim=1), nn.GLU(),
            nn.Mish(), nn.Hardswish(), nn.Hardsigmoid(), nn.PReLU(), nn.PReLU(3, init=0.1)]:
    print(mod)
print(isinstance(nn.ReLU6(), nn.Hardtanh), nn.ReLU6().max_val)

pr = nn.PReLU(2)
print(pr.weight)
inp = torch.tensor([[[-1.0, 2.0], [3.0, -4.0]], [[-0.5, 0.0], [1.0, -2.0]]], requires_grad=True)
out = pr(inp)
print(out)
out.sum().backward()
print(inp.grad)
print(pr.weight.grad)
print(F.prelu(torch.tensor([-2.0, 1.0]), torch.tensor([0.5])))

try:
    F.glu(torch.ones(3))
except RuntimeError as e:
    print(e)
try:
    F.hardtanh(x, 2.0, 1.0)
except ValueError as e:
    print(e)
nn.PReLU(3)(torch.ones(2, 2))
