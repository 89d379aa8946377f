import torch
import torch.nn as nn
import torch.nn.functional as F
pred = torch.tensor([0.5, 2.0, -1.0, 3.5], requires_grad=True)
target = torch.tensor([1.0, 0.0, -1.25, 1.0])
for name, fn in [("l1", F.l1_loss), ("smooth_l1", F.smooth_l1_loss), ("huber", F.huber_loss)]:
    for reduction in ["mean", "sum", "none"]:
        loss = fn(pred, target, reduction=reduction)
        print(name, reduction, loss.grad_fn.name())
        print(loss)
        loss.sum().backward()
        print(pred.grad)
        pred.grad = None
l1 = F.l1_loss(pred, target)
print(l1.grad_fn.next_functions[0][0].name(), l1.grad_fn.next_functions[0][0].next_functions[0][0].name())
print(F.smooth_l1_loss(pred, target, beta=0.5), F.smooth_l1_loss(pred, target, beta=0.0))
print(F.huber_loss(pred, target, delta=2.0))
loss = F.huber_loss(pred, target, delta=0.5)
loss.backward()
print(loss, pred.grad)
print(nn.L1Loss(), nn.SmoothL1Loss(beta=0.5), nn.HuberLoss(delta=2.0))
print(nn.L1Loss(reduction='sum')(pred, target), nn.SmoothL1Loss()(pred, target), nn.HuberLoss(reduction='none')(pred, target))
print(type(nn.HuberLoss()), nn.SmoothL1Loss(beta=0.5).beta, nn.L1Loss().reduction)
for f in [lambda: F.l1_loss(pred, target, reduction='avg'),
          lambda: F.huber_loss(pred, target, delta=0.0),
          lambda: F.smooth_l1_loss(pred, target, beta=-1.0)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)
nn.HuberLoss(reduction='mean', delta=-1.0)(pred, target)
