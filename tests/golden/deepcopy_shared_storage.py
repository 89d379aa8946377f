# copy.deepcopy memoises storages (UntypedStorage.__deepcopy__): tensors that shared a storage share
# one new storage in the copy, at the same offsets; separate deepcopy calls do not share.
import copy
import torch

a = torch.arange(6.)
v = a[2:].view(2, 2)
d = copy.deepcopy({"a": a, "v": v, "again": a})
print(d["a"] is d["again"], d["a"].data_ptr() == a.data_ptr())
print(d["v"].data_ptr() - d["a"].data_ptr(), d["v"].stride(), d["v"].storage_offset())
d["a"][3] = 30.
print(d["v"])
print(a)
e = copy.deepcopy(v)
print(e.data_ptr() == d["v"].data_ptr(), e.storage_offset(), e)
