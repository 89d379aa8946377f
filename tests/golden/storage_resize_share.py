# UntypedStorage.resize_ / TypedStorage.resize_ / resizable, Tensor.share_memory_ / is_shared,
# expected output derived from:
# - torch/csrc/StorageMethods.cpp THPStorage_resize_ ("resize_ expects an int, but got <type>",
#   returns the storage itself) -> aten/src/ATen/native/Resize.cpp resize_bytes_cpu: "Trying to
#   resize storage that is not resizable"; a new allocation (a new data_ptr, nullptr for 0 bytes)
#   holding the first min(old, new) bytes, on the same StorageImpl, so tensors on it see it;
# - torch/storage.py: TypedStorage.resize_(size) -> untyped resize_(size * element_size()), returning
#   None;
#   UntypedStorage.is_shared (always True for CUDA) and share_memory_ (CPU: _share_fd_cpu_, a move
#   to shared memory once, so the data_ptr changes; returns self);
# - torch/_tensor.py: Tensor.share_memory_ returns self, Tensor.is_shared asks the storage;
# - torch/csrc/utils/tensor_numpy.cpp tensor_from_numpy: the storage is made with resizable=false.
# The grown bytes are uninitialised in PyTorch, so they are never printed here.
import numpy as np
import torch

t = torch.tensor([1., 2., 3.])
s = t.untyped_storage()
p0 = s.data_ptr()
print(s.nbytes(), s.resizable(), len(s))
r = s.resize_(20)
print(r is s, s.nbytes(), len(s), s.data_ptr() != p0, t.untyped_storage().nbytes())
print(t, t.data_ptr() == s.data_ptr())   # the tensor reads the new buffer: same values
t.add_(1)
print(list(s)[:4] == list(t.untyped_storage())[:4], t)

u = torch.tensor([1, 2, 3, 4], dtype=torch.int16)
st = u.storage()
print(st.resize_(6), st.size(), u.untyped_storage().nbytes(), st.tolist()[:4])

b = torch.tensor([10, 20, 30, 40], dtype=torch.uint8).untyped_storage()  # no tensor views it any more
b.resize_(2)
print(b.nbytes(), b.tolist())
b.resize_(0)
print(b.nbytes(), b.data_ptr())

a = torch.from_numpy(np.zeros(3))
print(a.untyped_storage().resizable())
for bad in [lambda: a.untyped_storage().resize_(100), lambda: a.resize_(10), lambda: s.resize_(2.0)]:
    try:
        bad()
    except RuntimeError as e:
        print(e)

z = torch.zeros(3)
pz = z.data_ptr()
print(z.is_shared(), z.untyped_storage().is_shared())
print(z.share_memory_() is z, z.is_shared(), z.data_ptr() != pz, z)
pz = z.data_ptr()
z.share_memory_()
print(z.data_ptr() == pz, z.untyped_storage().share_memory_().is_shared())
c = torch.ones(2, device="cuda")
print(c.is_shared(), c.share_memory_() is c)
try:
    torch.ones(2, device="mps").share_memory_()
except RuntimeError as e:
    print(e)
