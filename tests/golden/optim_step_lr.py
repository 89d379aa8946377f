import torch
from torch.optim.lr_scheduler import StepLR
w = torch.nn.Parameter(torch.tensor([1.0, -1.0]))
opt = torch.optim.SGD([w], lr=0.1)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.1)
print(sched.get_last_lr(), sched.last_epoch, sched.base_lrs, sched.step_size, sched.gamma)
print('initial_lr' in opt.param_groups[0], opt.param_groups[0]['initial_lr'])
for epoch in range(5):
    loss = (w * w).sum()
    opt.zero_grad()
    loss.backward()
    opt.step()
    sched.step()
    print(epoch, sched.get_last_lr(), opt.param_groups[0]['lr'], w)
s2 = StepLR(torch.optim.Adam([w], lr=1), step_size=1, gamma=0.5)
s2.step()
print(s2.get_last_lr(), type(s2))
try:
    StepLR([w], step_size=1)
except TypeError as e:
    print("TypeError:", e)
