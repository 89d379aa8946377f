import torch
nan = float('nan')
a = torch.tensor([[0.0, 1.0, 2.0, 3.0], [4.0, 9.0, 5.0, 7.0]], requires_grad=True)
print(torch.quantile(a, 0.4))
print(torch.quantile(a, torch.tensor([0.25, 0.5, 1.0]), dim=1, keepdim=True))
for m in ['linear', 'lower', 'higher', 'midpoint', 'nearest']:
    print(m, a.quantile(0.3, dim=0, interpolation=m))
print(torch.nanquantile(torch.tensor([1., nan, 3., 2.]), 0.5), torch.quantile(torch.tensor([1., nan, 3.]), 0.5))
print(torch.nanquantile(torch.tensor([[nan, nan], [1., 2.]]), 0.5, dim=1))
q = torch.quantile(a, 0.4, dim=1)
q.sum().backward()
print(a.grad)
for f in [lambda: torch.quantile(a, 1.5), lambda: torch.quantile(torch.tensor([1, 2]), 0.5),
          lambda: torch.quantile(a, torch.tensor([0.5], dtype=torch.float64)),
          lambda: a.quantile(0.5, interpolation='cubic')]:
    try:
        f()
    except RuntimeError as e:
        print(e)
x = torch.tensor([[0., 1., 2.], [2., 1., 0.5]], requires_grad=True)
print(torch.cov(x))
print(torch.cov(x, correction=0))
print(x.cov(fweights=torch.tensor([1, 2, 1]), aweights=torch.tensor([0.5, 1., 1.])))
print(torch.cov(torch.tensor([1, 2, 4])))
print(torch.corrcoef(x))
print(torch.corrcoef(torch.tensor([1., 2., 3.])))
torch.cov(x).sum().backward()
print(x.grad)
print(torch.histc(torch.tensor([1., 2., 1.]), bins=4, min=0, max=3))
print(torch.histc(torch.tensor([1., 2., 1., 5.]), bins=4))
print(torch.tensor([0.5, 2.5, 3.0]).histc(3, 0, 3), torch.histc(torch.tensor([4.]), bins=2))
torch.histc(torch.tensor([1., float('inf')]), bins=3)
