import torch
x = torch.arange(6.)
print(x.as_strided((2**40, 2**40), (2**30, 2**35)))
