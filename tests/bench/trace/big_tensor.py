# a 1M-element tensor kept alive while 200 small statements run
import torch
big = torch.zeros(1000000)
for i in range(100):
    s = torch.ones(3) * i
print(s)
