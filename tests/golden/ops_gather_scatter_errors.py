import torch
x = torch.zeros(2, 3)
for f in [lambda: x.gather(1, torch.tensor([[0], [1]], dtype=torch.int32)),
          lambda: x.gather(1, torch.tensor([0, 1])),
          lambda: x.gather(1, torch.tensor([[0], [1], [0]])),
          lambda: x.gather(1, torch.tensor([[3], [0]])),
          lambda: x.scatter(1, torch.tensor([[0], [1]]), torch.ones(2, 1, dtype=torch.float64)),
          lambda: x.scatter_add(0, torch.tensor([[0], [1]], dtype=torch.int32), torch.ones(2, 1)),
          lambda: x.scatter(1, torch.tensor([0, 1]), 1.0)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)
leaf = torch.zeros(3, requires_grad=True)
leaf.scatter_(0, torch.tensor([1]), 2.0)
