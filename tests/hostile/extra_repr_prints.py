import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
    def extra_repr(self):
        print("extra_repr ran")
        return "hello"
m = M()
x = 1
y = 2
