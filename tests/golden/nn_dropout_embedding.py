import torch
import torch.nn as nn
import torch.nn.functional as F
drop = nn.Dropout()
print(drop, nn.Dropout(0.2, inplace=True), drop.training)
x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
drop.eval()
print(drop.training, drop(x) is x)
print(F.dropout(x, p=0.3, training=False) is x, F.dropout(x, p=0.0) is x)
y = F.dropout(x, p=1.0)
print(y)
y.sum().backward()
print(x.grad)
model = nn.Sequential(nn.Linear(3, 2), nn.ReLU(), nn.Dropout(0.1))
model.eval()
print([m.training for m in model], model.training)
model.train()
print([m.training for m in model], model[2].training)
print(model.train(False) is model, model[2].training)
torch.manual_seed(0)
emb = nn.Embedding(4, 3)
print(emb)
print(emb.weight)
idx = torch.tensor([[0, 2], [2, 3]])
out = emb(idx)
print(out.shape, out.grad_fn.name())
print(out)
out.sum().backward()
print(emb.weight.grad)
print([name for name, p in emb.named_parameters()], emb.num_embeddings, emb.embedding_dim, emb.padding_idx)
torch.manual_seed(0)
pad = nn.Embedding(4, 3, padding_idx=1)
print(pad, pad.padding_idx)
print(pad.weight)
pad(torch.tensor([1, 1, 3])).sum().backward()
print(pad.weight.grad)
print(nn.Embedding(5, 2, padding_idx=-1).padding_idx)
print(type(emb), type(drop))
w = torch.tensor([[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]], requires_grad=True)
print(F.embedding(torch.tensor([2, 0]), w))
for f in [lambda: nn.Dropout(p=1.5),
          lambda: F.dropout(x, p=-0.1),
          lambda: emb(torch.tensor([0.0, 1.0])),
          lambda: nn.Embedding(3, 2, padding_idx=3)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)
emb(torch.tensor([4]))
