# torch.trace (ReduceOps.cpp trace_cpu): integer inputs give int64, TraceBackward0 puts grad on the diagonal.
import torch
x = torch.arange(1., 10.).view(3, 3)
print(torch.trace(x), x.trace())
print(torch.trace(torch.arange(6).view(2, 3)), torch.trace(torch.ones(2, 2, dtype=torch.int32)).dtype)
try:
    torch.trace(torch.tensor([[True, True], [False, True]]))
except RuntimeError as e:
    print(e)
w = torch.ones(2, 3, requires_grad=True)
t = w.trace()
print(t)
t.backward()
print(w.grad)
torch.trace(x.view(1, 3, 3))
