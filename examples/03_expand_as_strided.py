# expand() repeats without copying (stride 0); as_strided() can make views whose cells overlap.
import torch

a = torch.tensor([1, 2, 3])
e = a.expand(2, 3)
print(e)
print(e.stride())
w = torch.arange(5).as_strided((3, 3), (1, 1))
print(w)
print(e.is_contiguous(), w.is_contiguous())
print(e.data_ptr() == a.data_ptr())
