# title: detach() shares storage and the version counter
# title.zh: detach() 共用存储和版本计数器
# intro: Three ways to get "the values of `a` without the gradient": `clone()` copies the values into new memory, `detach()` shares `a`'s storage and its version counter, `.data` shares the storage but gets a version counter of its own.
# intro: Watch the storage strips and the `_version` of each tensor as `c` and `d` write into the memory they share with `a`.
# intro.zh: 想要“`a` 的数值但不要梯度”，有三种方式：`clone()` 把数值复制到新内存；`detach()` 共用 `a` 的存储和版本计数器；`.data` 共用存储，却有自己的版本计数器。
# intro.zh: 当 `c` 和 `d` 往与 `a` 共用的内存里写入时，注意观察存储条和每个张量的 `_version`。
import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a.clone()
# ask: Does `c` share storage with `a`?
# ask.zh: `c` 和 `a` 共用存储吗？
# answer: shares(c, a)
c = a.detach()
d = a.data

# note(c): `c` wrote into the storage it shares with `a`; `a` shows 10 too, and the shared version counter of `a` and `c` is now 1.
# note.zh(c): `c` 写进了与 `a` 共用的存储；`a` 也变成了 10，`a` 和 `c` 共用的版本计数器现在是 1。
c[0] = 10.0
print(a)
print(b)
print(a.data_ptr() == c.data_ptr(), a.data_ptr() == b.data_ptr())
print(a._version, c._version, d._version)
# ask: What is `a._version` after `d[1] = 20.0`?
# ask.zh: 执行 `d[1] = 20.0` 之后，`a._version` 是多少？
# answer: value(a._version)
# choices: 1 | 2
d[1] = 20.0
# note(d): `d` wrote 20 into the shared storage, but only its own counter went up: `a` is still at version 1.
# note.zh(d): `d` 往共用的存储里写了 20，但只有它自己的计数器增加了：`a` 的版本仍是 1。
print(a._version, d._version)
print(a)
