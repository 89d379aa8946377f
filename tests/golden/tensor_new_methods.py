import torch
x = torch.tensor([1., 2.], dtype=torch.float64)
print(x.new_zeros(2))
print(x.new_ones((1, 2)))
print(x.new_full((2,), 3))
print(x.new_tensor([1, 2]))
print(x.new_empty(3).shape, x.new_zeros(2, dtype=torch.int64))
