# fill_ and zero_ skip TensorIterator's internal-overlap check (Fill.cpp: "Fill is idempotent"),
# while add_ into the same expanded tensor is refused.
import torch

a = torch.tensor([1., 2., 3.])
e = a.expand(3, 3)
e.fill_(7)
print(a, a._version)
e.zero_()
print(a)
e[:, 1] = 4
print(a)
w = torch.arange(5.).as_strided((3, 3), (1, 1))
w.fill_(2)
print(w)
e.add_(1)
