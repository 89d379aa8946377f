import copy
import torch
a = torch.tensor([1., 2.], requires_grad=True)
b = copy.deepcopy(a)
print(b, b is a, b.requires_grad, b.is_leaf)
l = [a, a]
l2 = copy.deepcopy(l)
print(l2[0] is l2[1], l2[0] is a)
c = copy.copy(l)
print(c is l, c[0] is a)
copy.deepcopy(a * 2)
