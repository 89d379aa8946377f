# title: copy.deepcopy() copies storages, and keeps sharing inside the copy
# title.zh: copy.deepcopy() 复制存储，并保留副本内部的共享关系
# intro: `copy.copy(x)` copies only the outer object (a tuple is not copied at all): the tensors inside are the same ones. `copy.deepcopy(x)` copies the tensors too, and their storages. It remembers what it has already copied, so two tensors that shared a storage before still share one (the new one) after.
# intro: On a tensor that requires grad, `deepcopy` keeps `requires_grad` and the copy is a new leaf: its history is not copied.
# intro.zh: `copy.copy(x)` 只复制最外层的对象（元组干脆不复制）：里面的张量还是原来那些。`copy.deepcopy(x)` 连张量及其存储也一起复制。它会记住已经复制过的东西，所以原来共用一块存储的两个张量，复制之后依然共用一块（新的）存储。
# intro.zh: 对需要梯度的张量，`deepcopy` 会保留 `requires_grad`，得到的副本是一个新的叶子张量：历史不会被复制。
import copy
import torch

a = torch.tensor([1.0, 2.0, 3.0])
v = a[1:]
s0, s1 = copy.copy((a, v))
print(s0 is a, s1 is v)
# ask: Does `c0` share storage with `a`?
# ask.zh: `c0` 和 `a` 共用存储吗？
# answer: shares(c0, a)
c0, c1 = copy.deepcopy((a, v))
# note(c0, c1): The copy has one new storage, read by both `c0` and `c1`: the sharing between `a` and its view `v` was kept.
# note.zh(c0, c1): 副本只有一块新存储，`c0` 和 `c1` 都读它：`a` 与其视图 `v` 之间的共享关系被保留了。
print(c0.data_ptr() == a.data_ptr())
print(c1.data_ptr() == c0.data_ptr() + 4)
c0[1] = 50.0
print(c1, a)
w = torch.tensor([1.0], requires_grad=True)
w2 = copy.deepcopy(w)
print(w2, w2.is_leaf, w2 is w)
