# Python numbers into small integer dtypes go through c10::checked_convert: negative ints may wrap
# into uint8 (-1 -> 255), anything else out of range is an error; tensor casts just wrap.
import torch
print(torch.tensor([-1, -255], dtype=torch.uint8))
print(torch.tensor([300]).to(torch.uint8), torch.tensor([200]).to(torch.int8))
print(torch.full((2,), -1, dtype=torch.uint8))
x = torch.zeros(2, dtype=torch.uint8)
x[0] = 255
print(x)
for make in [lambda: torch.tensor([300], dtype=torch.uint8),
             lambda: torch.tensor([128], dtype=torch.int8),
             lambda: torch.tensor([-1.0], dtype=torch.uint8),
             lambda: torch.full((2,), 300, dtype=torch.uint8),
             lambda: torch.zeros(2, dtype=torch.int16).fill_(40000),
             lambda: torch.full((1,), 70000, dtype=torch.half)]:
    try:
        make()
    except RuntimeError as e:
        print("RuntimeError:", e)
x[1] = 256
