# title: copy.deepcopy() copies storages, and keeps sharing inside the copy
# title.zh: copy.deepcopy() 复制存储，并保留副本内部的共享关系
# intro: `copy.copy(lst)` makes a new list holding the same tensors. `copy.deepcopy(lst)` copies the tensors too, and their storages. It remembers what it has already copied, so two tensors that shared a storage before still share one (the new one) after.
# intro: On a tensor that requires grad, `deepcopy` keeps `requires_grad` and the copy is a new leaf: its history is not copied.
# intro.zh: `copy.copy(lst)` 得到一个新列表，里面装的还是原来那些张量。`copy.deepcopy(lst)` 连张量及其存储也一起复制。它会记住已经复制过的东西，所以原来共用一块存储的两个张量，复制之后依然共用一块（新的）存储。
# intro.zh: 对需要梯度的张量，`deepcopy` 会保留 `requires_grad`，得到的副本是一个新的叶子张量：历史不会被复制。
import copy
import torch

a = torch.tensor([1.0, 2.0, 3.0])
pair = [a, a[1:]]
shallow = copy.copy(pair)
print(shallow is pair, shallow[0] is a)
# ask: Does `deep[0]` share storage with `a`?
# ask.zh: `deep[0]` 和 `a` 共用存储吗？
# answer: shares(deep[0], a)
deep = copy.deepcopy(pair)
# note(deep): The copy has one new storage, read by both `deep[0]` and `deep[1]`: the sharing inside the list was kept.
# note.zh(deep): 副本只有一块新存储，`deep[0]` 和 `deep[1]` 都读它：列表内部的共享关系被保留了。
print(deep[0].data_ptr() == a.data_ptr())
print(deep[1].data_ptr() == deep[0].data_ptr() + 4)
deep[0][1] = 50.0
print(deep[1], a)
w = torch.tensor([1.0], requires_grad=True)
w2 = copy.deepcopy(w)
print(w2, w2.is_leaf, w2 is w)
