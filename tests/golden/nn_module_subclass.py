import torch
import torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)
        self.act = nn.ReLU()
    def forward(self, x):
        return self.act(self.fc(x))
net = Net()
print(net)
print(len(list(net.parameters())))
out = net(torch.ones(1, 3)).sum()
out.backward()
print(net.fc.weight.grad is None)
net.zero_grad()
print(net.fc.weight.grad)
print(net.training, net.eval().training, net.fc.training)
print([n for n, p in net.named_parameters()])
