import torch
import torch.nn.functional as F
logits = torch.tensor([[1.0, 2.0, 0.5], [0.1, 0.2, 3.0]], requires_grad=True)
target = torch.tensor([1, 2])
loss = F.cross_entropy(logits, target)
print(loss)
print(loss.grad_fn.name(), loss.grad_fn.next_functions[0][0].name())
loss.backward()
print(logits.grad)
print(F.cross_entropy(logits, target, reduction='none'))
print(F.cross_entropy(logits, target, reduction='sum'))
print(F.cross_entropy(logits, target, weight=torch.tensor([1., 2., 0.5])))
print(F.cross_entropy(logits, torch.tensor([1, -100]), reduction='none'))
crit = torch.nn.CrossEntropyLoss()
print(crit)
print(crit(logits, target))
ls = F.log_softmax(logits, dim=1)
print(ls)
print(F.nll_loss(ls, target))
print(torch.nn.NLLLoss(reduction='sum')(ls, target))
print(F.cross_entropy(torch.tensor([0., 1., 2.]), torch.tensor(2)))
print(F.softmax(logits, dim=1))
x = torch.zeros(3, 4)
for f in [lambda: F.cross_entropy(x, torch.tensor([0, 1])),
          lambda: F.cross_entropy(x, torch.tensor([0, 1, 2]), reduction='avg')]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)
F.cross_entropy(x, torch.tensor([0, 4, 1]))
