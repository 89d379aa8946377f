import torch.nn as nn
seq = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
print(seq)
print(seq[0])
print(len(seq))
print(nn.MSELoss(), nn.Sigmoid(), nn.Tanh())
