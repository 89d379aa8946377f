# Tensor.__format__ (torch/_tensor.py): a 0-dim plain Tensor formats item(), even with an empty spec.
import torch
import torch.nn as nn
import numpy as np
x = torch.tensor([1.5, 2.5], requires_grad=True)
loss = x.sum()
print(f"loss={loss}")
print(f"{torch.tensor(3)}|{torch.tensor(True)}|{torch.tensor(0.1)}|{torch.tensor(0.1, dtype=torch.float64)}")
print("{} {}".format(torch.tensor(2.5), torch.tensor([1, 2])))
print(format(torch.tensor(7)), format(torch.tensor([7])))
print(f"{nn.Parameter(torch.tensor(2.))}")
print(f"{torch.tensor(3.14159):.2f} {torch.tensor(42):5d}|")
print(f"{np.array(3.5)} {np.array(3.5):.2f} {np.array([3.5])}")
print(f"{torch.ones(2)!r}")
try:
    f"{np.array([3.5]):.2f}"
except TypeError as e:
    print(e)
