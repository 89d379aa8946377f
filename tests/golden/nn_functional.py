import torch
import torch.nn.functional as F
x = torch.tensor([-1., 0., 2.], requires_grad=True)
print(F.relu(x))
print(F.mse_loss(x, torch.zeros(3)))
print(torch.relu(x).grad_fn.name(), x.sigmoid().grad_fn.name(), torch.tanh(x).grad_fn.name())
