# torch.frombuffer on a bytes literal. Expected output from torch/csrc/utils/tensor_new.cpp
# tensor_frombuffer: the tensor is made on the buffer's memory with no copy (so writing through the
# tensor changes the supposedly immutable bytes object, which is why PyTorch warns once, on stderr:
# "The given buffer is not writable, and PyTorch does not support non-writable tensors. ..."), read
# as little-endian elements (1.0f is 00 00 80 3f); the bytes repr is CPython's (Objects/bytesobject.c).
import torch
data = b'\x00\x00\x80\x3f' b'\x00\x00\x00\x40'
t = torch.frombuffer(data, dtype=torch.float32)
print(data, len(data), data[3], t)
t[1] = -1.0
print(data, list(data[4:]))
print(torch.frombuffer(b'\x01\x00\x02\x00\xff\xff', dtype=torch.int16))
print(torch.frombuffer(rb'AB', dtype=torch.uint8), torch.frombuffer(b'hi', dtype=torch.int8, count=1))
