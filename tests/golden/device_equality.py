# torch.device: an index given or not matters for ==, repr and .index
import torch
d = torch.device("cuda")
d0 = torch.device("cuda:0")
print(repr(d), repr(d0), d.index, d0.index, d.type)
print(d == d0, d0 == torch.device("cuda", 0), torch.device("cpu") == torch.device("cpu"))
x = torch.ones(2, device=d)
print(x.device, x.device == d, x.device == d0, x.device.index)
print(torch.ones(1).device == torch.device("cpu"), torch.device("mps") == torch.device("mps:0"))
