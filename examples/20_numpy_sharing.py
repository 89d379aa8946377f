# title: numpy() and from_numpy() share memory
# title.zh: numpy() 与 from_numpy() 共享内存
# intro: `t.numpy()` and `torch.from_numpy(arr)` do not copy: the array and the tensor read the same memory, so a write through either shows up in the other.
# intro: That is why `numpy()` refuses a tensor that requires grad: numpy writes would bypass autograd. Detach first (`t.detach().numpy()`), which says explicitly that you leave the graph.
# intro.zh: `t.numpy()` 和 `torch.from_numpy(arr)` 都不复制：数组和张量读的是同一块内存，通过任何一方写入，另一方都能看到。
# intro.zh: 所以 `numpy()` 拒绝需要梯度的张量：通过 numpy 的写入会绕过自动求导。先 detach（`t.detach().numpy()`），明确表示你要离开计算图。
import numpy as np
import torch

t = torch.ones(3)
# ask: Does the array `n` share memory with `t`?
# ask.zh: 数组 `n` 和 `t` 共用内存吗？
# answer: shares(n, t)
n = t.numpy()
n[0] = 5.0
print(t)
arr = np.zeros(3)
f = torch.from_numpy(arr)
# note(f): `arr` is float64, so `f` is too; `arr[1] = 7` wrote into the memory `f` reads.
# note.zh(f): `arr` 是 float64，所以 `f` 也是；`arr[1] = 7` 写进的正是 `f` 读的内存。
arr[1] = 7.0
print(f)
p = torch.ones(2, requires_grad=True)
print(p.detach().numpy())
p.numpy()
