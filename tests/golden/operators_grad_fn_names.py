import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = torch.tensor([3., 4.], requires_grad=True)
for r in [x + y, x + 1, 1 + x, x - 1, 1 - x, x * 2, 2 * x, x / 2, 1 / x, -x, x ** 2, x ** y, 2 ** x, x @ y]:
    print(r.grad_fn.name())
print((1 / x).grad_fn.next_functions[0][0].name())
print([f is None for f, n in (2 * x).grad_fn.next_functions])
print((x * y).grad_fn.next_functions[1][0].variable is y)
