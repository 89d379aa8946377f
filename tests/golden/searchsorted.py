import torch
b = torch.tensor([1, 3, 5, 7, 9])
v = torch.tensor([[3, 6, 9], [3, 6, 9]])
print(torch.searchsorted(b, v))
print(torch.searchsorted(b, v, right=True))
print(torch.searchsorted(b, v, side="left"))
print(torch.searchsorted(b, 5, side="right", out_int32=True))
print(torch.searchsorted(b, torch.tensor([2.5, 7.0, -1.0, 100.0])))
rows = torch.tensor([[1.0, 3.0, 5.0, 7.0], [2.0, 4.0, 6.0, 8.0]])
print(torch.searchsorted(rows, torch.tensor([[3.0, 6.0], [3.0, 6.0]]), right=True))
unsorted = torch.tensor([5.0, 1.0, 9.0, 3.0])
print(torch.searchsorted(unsorted, torch.tensor([4.0, 9.0]), sorter=torch.argsort(unsorted)))
x = torch.tensor([0.5, 3.0, 9.5, float('nan'), 1.0])
print(torch.bucketize(x, b))
print(torch.bucketize(x, b, right=True))
print(torch.bucketize(4, b, out_int32=True))
for bad in [lambda: torch.bucketize(v, rows),
            lambda: torch.searchsorted(b, v, side="middle"),
            lambda: torch.searchsorted(b, v, right=True, side="left"),
            lambda: torch.searchsorted(rows, torch.tensor([1.0, 2.0, 3.0])),
            lambda: torch.searchsorted(rows, 1.0)]:
    try:
        bad()
    except RuntimeError as e:
        print(e)
