# Trains nn.Linear(2, 1) for five SGD steps after manual_seed(0). The expected losses and final
# parameters were derived independently: a float32 re-computation of the forward pass, the MSE
# gradient (2/N)(p - y) and the SGD update from the known initial parameters (see the reference,
# section 4.6: weight [-0.0053, 0.3793], bias [-0.5820]), not copied from the runner.
import torch

torch.manual_seed(0)
model = torch.nn.Linear(2, 1)
x = torch.tensor([[1.0, 2.0], [3.0, 4.0], [-1.0, 0.5]])
y = torch.tensor([[1.0], [2.0], [0.0]])
opt = torch.optim.SGD(model.parameters(), lr=0.05)
loss_fn = torch.nn.MSELoss()
for step in range(5):
    opt.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    opt.step()
    print(step, f"{loss.item():.4f}")
print(model.weight)
print(model.bias)
