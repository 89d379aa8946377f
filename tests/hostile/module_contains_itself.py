import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
m = M()
m.child = m
print(m)
