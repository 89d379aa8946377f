# What PyTorch has but the playground does not build is said so, instead of PyTorch's own
# "has no attribute" (which would teach that PyTorch lacks it); a name PyTorch lacks keeps PyTorch's
# message. The expected text is the playground's (engine/python/pytorch_names.cpp), by design.
import torch

for get in [lambda: torch.bfloat16, lambda: torch.ones(2).cauchy_, lambda: torch.nn.LSTM,
            lambda: torch.nn.functional.interpolate, lambda: torch.bfloatt16, lambda: torch.ones(2).detatch]:
    try:
        get()
    except AttributeError as e:
        print(e)
print(hasattr(torch, 'bfloat16'), getattr(torch, 'complex64', 'no complex'))
try:
    from torch.nn import GRU
except ImportError as e:
    print(type(e).__name__, e)
try:
    import torch.fft
except ModuleNotFoundError as e:
    print(type(e).__name__, e)
try:
    import torch.nothing
except ModuleNotFoundError as e:
    print(type(e).__name__, e)
