# flags, strides and addresses of arrays; np.shares_memory (exact) vs np.may_share_memory (bounds).
import numpy as np
import torch
a = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(a.flags)
print(a.T.flags)
print(a.strides, a.T.strides, a[:, 1].strides)
print(a.flags['C_CONTIGUOUS'], a.flags['F'], a.flags['OWNDATA'], a.flags['W'])
print(a.flags.c_contiguous, a.flags.f_contiguous, a.flags.owndata, a.flags.writeable, a.flags.aligned, a.flags.writebackifcopy)
col = a[:, 1]
print(col.flags.c_contiguous, col.flags.f_contiguous, col.flags.owndata)
one = a[0:1]
print(one.flags.c_contiguous, one.flags.f_contiguous)
t = torch.from_numpy(a)
print(a.ctypes.data == t.data_ptr())
print(a[1].ctypes.data - a.ctypes.data, a[:, 2].ctypes.data - a.ctypes.data)
print(a.__array_interface__['data'] == (t.data_ptr(), False))
print(a.__array_interface__['typestr'], a.__array_interface__['shape'], a.__array_interface__['strides'], a.T.__array_interface__['strides'])
print(np.shares_memory(a, t.numpy()), np.shares_memory(a, a.copy()))
print(np.shares_memory(a[0], a[1]), np.may_share_memory(a[0], a[1]))
print(np.shares_memory(a[:, 0], a[:, 2]), np.may_share_memory(a[:, 0], a[:, 2]))
print(np.shares_memory(a, t), np.shares_memory([1, 2], [1, 2]))
