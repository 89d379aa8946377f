# Single-tensor AdamW / RMSprop / Adagrad updates with hand-set gradients (float32, bit-exact).
import torch

grads = [[0.5, -1.25, 2.0], [-0.3, 0.7, 0.05], [1.5, 0.0, -0.75]]

def run(make):
    p = torch.tensor([1.0, -2.0, 0.25], requires_grad=True)
    opt = make([p])
    for g in grads:
        p.grad = torch.tensor(g)
        opt.step()
        print(p.tolist())
    return opt

print(run(lambda ps: torch.optim.AdamW(ps)))
run(lambda ps: torch.optim.AdamW(ps, lr=0.01, betas=(0.8, 0.9), weight_decay=0.1))
print(run(lambda ps: torch.optim.RMSprop(ps)))
run(lambda ps: torch.optim.RMSprop(ps, lr=0.001, momentum=0.9, weight_decay=0.01))
run(lambda ps: torch.optim.RMSprop(ps, lr=0.001, alpha=0.9, centered=True))
run(lambda ps: torch.optim.RMSprop(ps, alpha=0.3, centered=True, momentum=0.5))
print(run(lambda ps: torch.optim.Adagrad(ps)))
opt = run(lambda ps: torch.optim.Adagrad(ps, lr=0.1, lr_decay=0.1, weight_decay=0.05, initial_accumulator_value=0.1))
print(opt)
p = opt.param_groups[0]['params'][0]
opt.zero_grad()
print(p.grad)
print(torch.optim.AdamW.__module__, torch.optim.RMSprop.__module__, torch.optim.Adagrad.__module__)
# Since 2.7 AdamW is Adam(decoupled_weight_decay=True): the same updates as the second AdamW run.
print(run(lambda ps: torch.optim.Adam(ps, lr=0.01, betas=(0.8, 0.9), weight_decay=0.1, decoupled_weight_decay=True)))
