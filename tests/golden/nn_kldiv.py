# F.kl_div / nn.KLDivLoss: Loss.cpp's xlogy(t, t) - t * input (or exp(t) * (t - input) with
# log_target), reductions 'none' / 'sum' / 'mean' (which warns) / 'batchmean' (sum / batch size).
import torch
import torch.nn as nn
import torch.nn.functional as F

inp = torch.tensor([[-1.2, -0.5, -2.0], [-0.3, -1.6, -1.0]], requires_grad=True)
tgt = torch.tensor([[0.2, 0.5, 0.3], [0.0, 0.6, 0.4]])
loss = F.kl_div(inp, tgt, reduction='batchmean')
print(loss)
print(F.kl_div(inp, tgt, reduction='sum'))
print(F.kl_div(inp, tgt, reduction='none'))
print(F.kl_div(inp, tgt))
loss.backward()
print(inp.grad)
lt = torch.tensor([[-1.0, -0.5], [-2.0, -0.25]])
print(F.kl_div(inp[:, :2], lt, reduction='batchmean', log_target=True))
crit = nn.KLDivLoss(reduction='batchmean')
print(crit)
print(crit.reduction, crit.log_target)
print(crit(inp, tgt))
print(nn.KLDivLoss(reduction='sum', log_target=True)(inp[:, :2], lt))
print(F.kl_div(torch.tensor(-0.5), torch.tensor(0.25), reduction='batchmean'))
try:
    F.kl_div(inp, tgt, reduction='avg')
except ValueError as e:
    print(e)
F.kl_div(torch.tensor([1, 2]), torch.tensor([1, 2]))
