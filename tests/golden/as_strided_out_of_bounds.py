# The tutorial snippet x.as_strided((5, 5), (0, 4)) on a 3x3 tensor: PyTorch checks the view against
# the storage (setStorage in aten/src/ATen/native/Resize.h) and refuses, it never prints made-up
# values. arange gives int64 (itemsize 8): 9 elements = 72 bytes, the view needs 1 + 4*4 = 17.
import torch
x = torch.arange(9).view(3, 3)
print(x.as_strided((3, 3), (3, 1)))
print(x.as_strided((2, 2), (1, 3), 4))
y = x.as_strided((5, 5), (0, 4))
