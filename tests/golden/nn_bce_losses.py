import torch
import torch.nn as nn
import torch.nn.functional as F
p = torch.tensor([0.25, 0.5, 0.875, 0.125], requires_grad=True)
y = torch.tensor([0.0, 1.0, 1.0, 0.0])
for reduction in ["mean", "sum", "none"]:
    loss = F.binary_cross_entropy(p, y, reduction=reduction)
    print(reduction, loss.grad_fn.name())
    print(loss)
    loss.sum().backward()
    print(p.grad)
    p.grad = None
w = torch.tensor([1.0, 2.0, 0.5, 1.0])
loss = F.binary_cross_entropy(p, y, weight=w)
loss.backward()
print(loss, p.grad)
edge = torch.tensor([0.0, 1.0], requires_grad=True)
loss = F.binary_cross_entropy(edge, torch.tensor([1.0, 0.0]))
loss.backward()
print(loss, edge.grad)
z = torch.tensor([-1.0, 0.0, 2.0, 0.5], requires_grad=True)
for reduction in ["mean", "sum", "none"]:
    loss = F.binary_cross_entropy_with_logits(z, y, reduction=reduction)
    print(reduction, loss.grad_fn.name())
    print(loss)
    loss.sum().backward()
    print(z.grad)
    z.grad = None
crit = nn.BCEWithLogitsLoss(pos_weight=torch.tensor([3.0, 3.0, 3.0, 3.0]))
loss = crit(z, y)
loss.backward()
print(crit, loss, z.grad)
print(nn.BCELoss(), nn.BCELoss(reduction='sum')(p, y))
print(type(nn.BCELoss()), type(crit))
for f in [lambda: F.binary_cross_entropy(p, torch.tensor([0.0, 1.0])),
          lambda: F.binary_cross_entropy_with_logits(z, torch.tensor([0.0, 1.0])),
          lambda: F.binary_cross_entropy(torch.tensor([0.5, 1.5]), torch.tensor([0.0, 1.0])),
          lambda: F.binary_cross_entropy(torch.tensor([0.5, 0.5]), torch.tensor([0.0, 2.0]))]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)
nn.BCELoss()(torch.tensor([2.0]), torch.tensor([1.0]))
