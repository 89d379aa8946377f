# dtype= on a reduction records no cast node: the op itself takes the dtype. Expected output from
# tools/autograd/derivatives.yaml: "prod(Tensor self, *, ScalarType? dtype=None)" and prod.dim_int have
# self: prod_backward(grad, self.to(grad.scalar_type()), result) (the cast is inside the formula, so
# grad_fn is ProdBackward0 / ProdBackward1 and its next function is x's AccumulateGrad); sum,
# sum.dim_IntList, mean.dim, cumsum and cumprod likewise take dtype as an argument of the op
# (SumBackward0, MeanBackward1, CumsumBackward0, CumprodBackward0). The engine's validate_outputs casts
# the float64 gradient back to x's float32. softmax.int (CompositeImplicitAutograd,
# aten/src/ATen/native/SoftMax.cpp softmax: input_.toType(dtype) then _softmax) does gain a
# ToCopyBackward0. prod_out_impl runs the product in the result dtype (dtype=, else int64 for an
# integral input).
import torch

x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
y = torch.prod(x, dtype=torch.float64)
print(y, y.grad_fn.name(), [(f.name(), i) for f, i in y.grad_fn.next_functions])
print(y.grad_fn.next_functions[0][0].variable is x)
y.backward()
print(x.grad)
z = x.prod(1, dtype=torch.float64)
print(z, z.grad_fn.name(), [(f.name(), i) for f, i in z.grad_fn.next_functions])
z.sum().backward()
print(x.grad, x.grad.dtype)
print(torch.prod(torch.tensor([2, 3], dtype=torch.int32), dtype=torch.int32),
      torch.prod(torch.tensor([2, 3], dtype=torch.int32)).dtype,
      torch.prod(torch.tensor([1.5, 3.]), dtype=torch.int64))
for f in [lambda: torch.sum(x, dtype=torch.float64), lambda: torch.mean(x, 0, dtype=torch.float64),
          lambda: torch.cumsum(x, 1, dtype=torch.float64), lambda: torch.cumprod(x, 0, dtype=torch.float64),
          lambda: torch.softmax(x, 1, dtype=torch.float64)]:
    r = f()
    print(r.dtype, r.grad_fn.name(), [f.name() for f, i in r.grad_fn.next_functions])
