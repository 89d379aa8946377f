# The playground's generators suspend only outside try/with; it says so instead of guessing.
import torch

def batches(x):
    with torch.no_grad():
        yield x * 2

print(list(batches(torch.ones(2))))
