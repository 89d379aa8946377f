# nn.Linear training loop, 1000 iterations (issue 12: trace cost proportional to change)
import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
x = torch.randn(32, 4)
y = torch.randn(32, 1)
for i in range(1000):
    opt.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    opt.step()
print(loss)
