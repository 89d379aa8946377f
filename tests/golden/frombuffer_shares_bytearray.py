# torch.frombuffer puts a tensor on a bytearray's own memory (torch/csrc/utils/tensor_new.cpp
# tensor_frombuffer: at::for_blob over the buffer, no copy), so writes either way are seen by the
# other. Expected output from that source and CPython 3.11's bytearray_repr
# (Objects/bytearrayobject.c): float32 1.0 is the little-endian bytes 00 00 80 3f, and 0x3f is '?'.
import torch
buf = bytearray(8)
t = torch.frombuffer(buf, dtype=torch.float32)
t[0] = 1.0
print(buf)
buf[4] = 1          # the smallest subnormal float32, 2**-149
print(t)
print(len(buf), buf[2], t.dtype, t.shape)
print(t._version)   # writes through the buffer move no version counter; t[0] = 1.0 did
u = torch.frombuffer(bytearray([0, 0, 128, 63]), dtype=torch.float32)
print(u, u.is_leaf, u.requires_grad)
b16 = bytearray(range(8))
print(torch.frombuffer(b16, dtype=torch.int16))
print(torch.frombuffer(b16, dtype=torch.uint8, count=3))
print(torch.frombuffer(b16, dtype=torch.int32, count=1, offset=4))
print(torch.frombuffer(b16, dtype=torch.int16, offset=2))
w = torch.frombuffer(bytearray(8), dtype=torch.float32, requires_grad=True)
print(w)
v = torch.frombuffer(b16, dtype=torch.uint8)
v.add_(1)
print(b16, list(b16))
# bytes has no writable buffer: PyTorch warns once ("The given buffer is not writable, ...") and
# shares the memory anyway, so the tensor writes into the supposedly immutable bytes.
ro = bytes([1, 0, 0, 0])
r = torch.frombuffer(ro, dtype=torch.int32)
r[0] = 7
print(ro, r)
