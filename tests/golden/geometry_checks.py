# Every tensor geometry is checked where PyTorch checks it, overflow-safe, so no view reaches
# outside its storage. Expected texts: aten/src/ATen/native/TensorShape.cpp setStrided (negative
# strides), aten/src/ATen/EmptyTensor.cpp computeStorageNbytes / computeStorageNbytesContiguous
# (overflow), aten/src/ATen/native/Resize.h checkInBoundsForStorage (bounds),
# c10/core/TensorImpl.h safe_compute_numel (resize_). For the huge offset PyTorch multiplies
# offset x itemsize in int64 without a check (it wraps and the view passes); the playground refuses.
import torch


def attempt(label, fn):
    try:
        fn()
        print(label, "ran")
    except RuntimeError as e:
        print(label, "->", e)


x = torch.arange(6.)
attempt("negative stride", lambda: x.as_strided((3,), (-1,)))
attempt("negative offset", lambda: x.as_strided((2,), (1,), -1))
attempt("past the end", lambda: x.as_strided((2, 2), (1, 5)))
attempt("huge offset", lambda: x.as_strided((2,), (1,), 2**62))
attempt("size x stride overflows", lambda: x.as_strided((2, 2), (2**62, 2**62)))
attempt("ones(2**62)", lambda: torch.ones(2**62))
attempt("empty(2**62, 2**62)", lambda: torch.empty(2**62, 2**62))
attempt("full overflows", lambda: torch.full((2**31, 2**31, 4), 1.0))
y = torch.zeros(2)
attempt("resize_ overflows", lambda: y.resize_(2**40, 2**40))
print(x.as_strided((2, 2), (1, 2), 1))
print(torch.zeros(0).as_strided((0, 5), (2**62, 2**62)).shape)
print(torch.zeros(1).expand(2, 3))
