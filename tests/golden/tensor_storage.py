import torch
x = torch.tensor([1., 2., 3.])
s = x.untyped_storage()
print(s.nbytes(), s.size(), s.data_ptr() == x.data_ptr(), x[1:].data_ptr() - x.data_ptr())
print(x[1:].untyped_storage().data_ptr() == s.data_ptr())
print(x.clone().data_ptr() == x.data_ptr())
