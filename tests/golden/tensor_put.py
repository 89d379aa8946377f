# Tensor.put_ / Tensor.put / torch.put, expected output derived from:
# - the torch.Tensor.put_ docs example (src.put_(torch.tensor([1, 3]), torch.tensor([9, 10])));
# - aten/src/ATen/native/TensorAdvancedIndexing.cpp put_: index must be Long, self and source the same
#   dtype (RuntimeError), the same numel for source and index and no put into an empty tensor
#   (TORCH_CHECK_INDEX: IndexError); put = self.clone().put_(...);
# - aten/src/ATen/native/cpu/IndexKernel.cpp cpu_take_put_kernel: self seen flattened, negative
#   indices count from the end, "out of range: tried to access index %d on a tensor of %d elements."
#   raised in the loop, after the earlier elements were written; accumulate adds (duplicates sum);
# - tools/autograd/derivatives.yaml put: self: accumulate ? grad : grad.put(index, zeros_like(source),
#   false); source: grad.take(index).reshape_as(source) (PutBackward0 for put and put_).
import torch

src = torch.tensor([[4, 3, 5], [6, 7, 8]])
print(src.put_(torch.tensor([1, 3]), torch.tensor([9, 10])))
x = torch.zeros(2, 3)
print(x.put(torch.tensor([[0, -1], [0, 2]]), torch.tensor([1., 2., 3., 4.]), accumulate=True))
print(torch.put(x, torch.tensor([5]), torch.tensor([7.])), x._version)
print(x.t().put(torch.tensor([1]), torch.tensor([5.])))   # flattened in the view's own order
y = torch.zeros(4)
try:
    y.put_(torch.tensor([0, 1, 9, 2]), torch.tensor([1., 2., 3., 4.]))
except IndexError as e:
    print(e, y)
for bad in [lambda: y.put_(torch.tensor([0.]), torch.tensor([1.])),
            lambda: y.put_(torch.tensor([0]), torch.tensor([1.], dtype=torch.float64)),
            lambda: y.put_(torch.tensor([0, 1]), torch.tensor([1.])),
            lambda: torch.zeros(0).put_(torch.tensor([0]), torch.tensor([1.])),
            lambda: y.put(torch.tensor([-5]), torch.tensor([1.]))]:
    try:
        bad()
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__ + ":", e)

a = torch.ones(2, 2, requires_grad=True)
s = torch.tensor([1., 2., 3.], requires_grad=True)
b = a * 1
b.put_(torch.tensor([0, 3, 0]), s)
print(b)
b.sum().backward()
print(a.grad, s.grad)
a.grad = None
s.grad = None
c = a.put(torch.tensor([0, 3, 0]), s * 2, accumulate=True)
print(c)
(c * torch.arange(4.).view(2, 2)).sum().backward()
print(a.grad, s.grad)
a.put_(torch.tensor([0]), torch.tensor([1.]))
