import torch
a = torch.tensor([-2**62 * 2, 7], dtype=torch.int64)
print(a // -1, a % -1, torch.fmod(a, -1), torch.remainder(a, -1))
b = torch.tensor([-2**31], dtype=torch.int32)
print(b // -1)
