# title: y = x + y makes a new tensor; y += x writes in place
# title.zh: y = x + y 产生新张量，y += x 原地写入
# intro: `y = x + y` computes a brand-new tensor and then moves the name `y` onto it. Any other name for the old tensor still sees the old values.
# intro: `y += x` is an in-place add: it writes into the storage `y` already has, so every name and view of that storage sees the change, and the version counter goes up.
# intro.zh: `y = x + y` 先算出一个全新的张量，再把名字 `y` 移到它上面。旧张量的其他名字看到的仍是旧值。
# intro.zh: `y += x` 是原地加法：它直接写进 `y` 已有的存储，所以这块存储的所有名字和视图都会看到变化，版本计数器也会加一。
import torch

x = torch.ones(3)
y = torch.zeros(3)
keep = y
# note(y): `y` now names a new tensor with its own storage; `keep` still names the old zeros.
# note.zh(y): 现在 `y` 指向一个有自己存储的新张量；`keep` 仍指向原来那组零。
y = x + y
print(keep, y is keep)
y = keep
# ask: After `y += x`, which cells of `keep` change?
# ask.zh: 执行 `y += x` 之后，`keep` 的哪些单元会变？
# answer: changed(keep)
# choices: none | keep[0] | keep[0], keep[1], keep[2]
y += x
# note(keep): `+=` wrote into the shared storage: `keep` and `y` are the same tensor, now all ones, at version 1.
# note.zh(keep): `+=` 写进了共享的存储：`keep` 和 `y` 是同一个张量，现在全是 1，版本号为 1。
print(keep, y is keep, keep._version)
