import torch
w = torch.tensor([1.0, -2.0], requires_grad=True)
opt = torch.optim.Adam([w], lr=0.001)
(w * w).sum().backward()
opt.step()
print([f"{v:.4f}" for v in w.tolist()])
