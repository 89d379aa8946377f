# Tensors hash by identity (torch.Tensor.__hash__ is id(self)): equal values are still two elements.
import torch
t1 = torch.tensor([1.0, 2.0])
t2 = torch.tensor([1.0, 2.0])
ts = {t1, t2, t1}
print(len(ts), t1 in ts, torch.tensor(1.0) in ts, hash(t1) == id(t1))
ts.discard(t2)
print(len(ts), t2 in ts, next(iter(ts)) is t1)
print({t1: "first"}[t1], torch.float32 in {torch.float32, torch.int64})
