# F.normalize, cosine_similarity (torch / F / nn.CosineSimilarity), pairwise_distance
# (F / nn.PairwiseDistance), torch.cdist (direct kernel for p in 0, 1, 2, 3, inf; the matmul form for
# compute_mode='use_mm_for_euclid_dist'); reprs, grad_fn names, broadcasting and error messages.
import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.tensor([[3.0, 4.0], [1.0, -1.0], [0.0, 0.0]], requires_grad=True)
y = F.normalize(x)
print(y)
print(F.normalize(x, p=1, dim=0))
y.sum().backward()
print(x.grad)

a = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]], requires_grad=True)
b = torch.tensor([[2.0, 1.0, 0.0], [1.0, 1.0, 1.0]])
s = F.cosine_similarity(a, b)
print(s)
print(s.grad_fn.name(), s.grad_fn.next_functions[0][0].name())
print(torch.cosine_similarity(a, b, dim=0))
print(nn.CosineSimilarity(dim=1, eps=1e-6))
print(nn.CosineSimilarity(dim=0)(a[0], b[1]))
print(F.cosine_similarity(a, torch.tensor([1.0, 0.0, 0.0])))
print(F.cosine_similarity(torch.tensor([[1, 2]]), torch.tensor([[2.0, 4.0]])))
print(F.cosine_similarity(torch.zeros(1, 2), torch.ones(1, 2)))
s.sum().backward()
print(a.grad)
try:
    F.cosine_similarity(torch.tensor([1, 2]), torch.tensor([3, 4]), dim=0)
except RuntimeError as e:
    print(e)
try:
    F.cosine_similarity(a, torch.ones(2, 2))
except RuntimeError as e:
    print(e)

a.grad = None
d = F.pairwise_distance(a, b)
print(d)
print(nn.PairwiseDistance(p=1.0, keepdim=True)(a, b))
print(nn.PairwiseDistance())
print(torch.pairwise_distance(a[0], b[0]))
d.sum().backward()
print(a.grad)

p = torch.tensor([[0.0, 0.0], [3.0, 4.0], [1.0, -2.0]], requires_grad=True)
q = torch.tensor([[0.0, 0.0], [1.0, 1.0]], requires_grad=True)
c = torch.cdist(p, q)
print(c)
for norm in [0.0, 1.0, 3.0, float('inf')]:
    print(torch.cdist(p, q, p=norm))
c.sum().backward()
print(p.grad)
print(q.grad)
m = torch.cdist(p, q, compute_mode='use_mm_for_euclid_dist')
print(m)
print(m.grad_fn.name(), m.grad_fn.next_functions[0][0].name())
print(torch.cdist(p.unsqueeze(0).expand(2, 3, 2), q, p=1.0).shape)
try:
    torch.cdist(p, q, compute_mode='fast')
except ValueError as e:
    print(e)
torch.cdist(p, torch.ones(2, 3))
