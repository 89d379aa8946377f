# title: Names and objects: b = a copies nothing
# title.zh: 名字与对象：b = a 什么也没复制
# intro: In Python a variable is a name stuck on an object. `b = a` sticks a second name on the same tensor; nothing is copied.
# intro: `id()` tells you whether two names point to the same Python object. It cannot tell you whether two different tensors share memory: a view is a new object with a new id, yet it reads the same storage. Watch the storage strip, not the ids.
# intro.zh: 在 Python 里，变量只是贴在对象上的名字。`b = a` 只是给同一个张量再贴一个名字，没有复制任何东西。
# intro.zh: `id()` 只能告诉你两个名字是不是同一个 Python 对象，却看不出两个不同的张量是否共用内存：视图是一个新对象，id 不同，读的却是同一块存储。所以要看存储条，而不是看 id。
import torch

a = torch.tensor([1.0, 2.0, 3.0])
# note(b): `b` is a second name for the tensor `a` names: one card, two name tags.
# note.zh(b): `b` 是 `a` 所指张量的另一个名字：同一张卡片，挂了两个名字。
b = a
print(id(a) == id(b), b is a)
# ask: Does `v` share storage with `a`?
# ask.zh: `v` 和 `a` 共用同一块存储吗？
# answer: shares(v, a)
v = a.view(3)
# note(v): `v` is a different object (its id differs from a's), but its lane reads the same three cells.
# note.zh(v): `v` 是另一个对象（id 与 a 不同），但它的通道读的是同样的三个单元。
print(id(v) == id(a), v is a)
print(v.data_ptr() == a.data_ptr())
b[0] = 100.0
print(a)
print(v)
