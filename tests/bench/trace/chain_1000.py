# an autograd chain of L = 1000 ops (every intermediate stays alive through the graph)
import torch
x = torch.ones(3, requires_grad=True)
y = x
for i in range(1000):
    y = y * 1.001
y.sum().backward()
print(x.grad)
