import torch
print(torch.Tensor([1, 2]))
print(torch.Tensor(2, 3).shape)
print(torch.Tensor())
print(torch.LongTensor([1, 2]))
print(torch.DoubleTensor([1, 2]))
print(torch.IntTensor([1]).type())
print(torch.BoolTensor([1, 0]))
print(torch.FloatTensor(2).dtype)
