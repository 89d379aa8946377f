# A bracket that closes on a later line ends its logical line normally (the NEWLINE after it counts).
import torch
d = {
    'a': torch.tensor([1., 2.]),
    'b': 2,
}
print(d)
x = torch.tensor([
    [1, 2],
    [3, 4],
])
print(x.shape)
def f(a,
      b):
    return a + b
if True:
    y = f(1,
          2)
    z = [
  1, 2,
    ]
    print(y, z)
w = (x.sum() +
     1).item()  # trailing comment
# comment line
print(w)
