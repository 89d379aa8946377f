import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.tensor([-2.0, -0.5, 0.25, 0.5, 2.0], requires_grad=True)
for name, fn in [("leaky_relu", lambda t: F.leaky_relu(t)),
                 ("leaky_relu 0.2", lambda t: F.leaky_relu(t, negative_slope=0.2)),
                 ("gelu", lambda t: F.gelu(t)),
                 ("gelu tanh", lambda t: F.gelu(t, approximate='tanh')),
                 ("elu", lambda t: F.elu(t)),
                 ("elu 0.5", lambda t: F.elu(t, alpha=0.5)),
                 ("silu", lambda t: F.silu(t)),
                 ("softplus", lambda t: F.softplus(t)),
                 ("softplus beta=2 threshold=1", lambda t: F.softplus(t, beta=2, threshold=1))]:
    y = fn(x)
    print(name, y.grad_fn.name())
    print(y)
    y.sum().backward()
    print(x.grad)
    x.grad = None
print(nn.LeakyReLU(), nn.LeakyReLU(0.2, inplace=True))
print(nn.GELU(), nn.GELU(approximate='tanh'))
print(nn.ELU(), nn.ELU(alpha=0.5))
print(nn.SiLU(), nn.Softplus(), nn.Softplus(beta=2, threshold=10))
print(nn.Softmax(dim=1), nn.Softmax(), nn.LogSoftmax(dim=0))
print(type(nn.GELU()))
model = nn.Sequential(nn.Linear(2, 2), nn.LeakyReLU(0.1), nn.Softmax(dim=1))
print(model)
print(nn.Softmax(dim=0)(torch.tensor([1.0, 2.0, 3.0])))
print(nn.LogSoftmax(dim=0)(torch.tensor([1.0, 2.0, 3.0])))
print(nn.GELU()(torch.tensor([1.0])), nn.SiLU()(torch.tensor([1.0])))
print(torch.nn.functional.sigmoid(torch.tensor([0.0])), torch.nn.functional.tanh(torch.tensor([0.0])))
try:
    F.gelu(x, approximate='exact')
except RuntimeError as e:
    print("RuntimeError:", e)
