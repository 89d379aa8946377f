# torch.promote_types over every pair of supported dtypes (c10/core/ScalarType.h's table),
# torch.result_type with 0-dim tensors and Python numbers, torch.can_cast, dtype attributes.
import torch
ds = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.float16, torch.float32,
      torch.float64]
names = {torch.bool: "b1", torch.uint8: "u1", torch.int8: "i1", torch.int16: "i2", torch.int32: "i4",
         torch.int64: "i8", torch.float16: "f2", torch.float32: "f4", torch.float64: "f8"}
for a in ds:
    print(names[a], " ".join(names[torch.promote_types(a, b)] for b in ds))
u = torch.tensor([1], dtype=torch.uint8)
h = torch.tensor([1.0], dtype=torch.half)
print(torch.result_type(u, 5), torch.result_type(u, 2.5), torch.result_type(u, True))
print(torch.result_type(u, torch.tensor(5)), torch.result_type(u, torch.tensor(5, dtype=torch.int8)))
print(torch.result_type(torch.tensor(5, dtype=torch.uint8), torch.tensor(5, dtype=torch.int8)))
print(torch.result_type(h, torch.tensor(1.0, dtype=torch.float64)), torch.result_type(h, torch.tensor([1.0])))
print(torch.result_type(torch.tensor([1], dtype=torch.int16), h), torch.result_type(h, 3))
print(torch.can_cast(torch.half, torch.uint8), torch.can_cast(torch.uint8, torch.half), torch.can_cast(torch.int8, torch.bool))
print([d.itemsize for d in ds])
print([d.is_signed for d in ds])
print([d.is_floating_point for d in ds])
