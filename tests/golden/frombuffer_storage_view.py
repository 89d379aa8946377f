# torch.frombuffer makes a new storage over the buffer's bytes from `offset` on. Expected output from
# torch/csrc/utils/tensor_new.cpp tensor_frombuffer: it calls at::for_blob(buf + offset, {actual_count})
# with no strides and no storage offset, so the tensor starts at storage_offset 0 of a storage of
# actual_count * elsize bytes (untyped_storage().nbytes()), whose data_ptr is the buffer's address plus
# offset (a from_blob storage is not resizable: "Trying to resize storage that is not resizable",
# aten/src/ATen/native/Resize.cpp resize_bytes_cpu). No alignment is asked of buf + offset, so an offset
# that is not a multiple of the element size is taken as it is (elements read from odd addresses);
# int16 / int32 from bytes 0, 1, 2, ... are little-endian: bytes 2, 3 make 0x0302 = 770. Two tensors
# from one buffer have storages of their own (is_set_to compares the StorageImpl) over the same bytes,
# so a write through either, or through the bytearray, is seen by all.
import torch

b = bytearray(range(16))
whole = torch.frombuffer(b, dtype=torch.uint8)
t = torch.frombuffer(b, dtype=torch.int16, count=3, offset=2)
print(t, t.storage_offset(), t.untyped_storage().nbytes(), whole.untyped_storage().nbytes())
print(t.untyped_storage().data_ptr() - whole.untyped_storage().data_ptr())
u = torch.frombuffer(b, dtype=torch.int32, count=2, offset=1)
print(u, u.storage_offset(), u.untyped_storage().nbytes())
print(u.untyped_storage().data_ptr() - whole.untyped_storage().data_ptr())
again = torch.frombuffer(b, dtype=torch.uint8)
print(again.is_set_to(whole), again.untyped_storage().data_ptr() == whole.untyped_storage().data_ptr())
u[0] = -1
print(list(b))
print(t, whole[:6])
b[3] = 0
print(t, u)
t.add_(1)
print(b[2:8], t._version, u._version)
try:
    t.untyped_storage().resize_(100)
except RuntimeError as e:
    print(e)
print(t.untyped_storage().tolist())
tail = torch.frombuffer(b, dtype=torch.float32, offset=9, count=1)
print(tail.untyped_storage().nbytes(), tail.untyped_storage().data_ptr() - whole.untyped_storage().data_ptr())
