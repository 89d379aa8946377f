# title: Creation ops and manual_seed
# title.zh: 创建张量的函数与 manual_seed
# intro: `zeros`, `ones`, `full` and `eye` fill a new storage with constants; `arange` steps by a fixed amount and excludes its end; `linspace` and `logspace` take a number of points and include both ends.
# intro: Random tensors come from a generator. `torch.manual_seed(s)` resets it, so the same seed followed by the same calls gives the same numbers: that is what makes an experiment reproducible.
# intro.zh: `zeros`、`ones`、`full`、`eye` 用常数填充一块新存储；`arange` 按固定步长前进，不包含终点；`linspace` 和 `logspace` 指定点的个数，两端都包含。
# intro.zh: 随机张量来自一个生成器。`torch.manual_seed(s)` 会重置它，所以同样的种子加上同样的调用，得到同样的数：这就是实验可复现的原因。
import torch

print(torch.zeros(2, 3))
print(torch.ones(2, dtype=torch.int64))
print(torch.full((2, 2), 7.0))
print(torch.eye(3))
print(torch.arange(0, 10, 3))
print(torch.linspace(0, 1, 5))
print(torch.logspace(0, 2, 3))
torch.manual_seed(0)
r1 = torch.rand(3)
torch.manual_seed(0)
r2 = torch.rand(3)
r3 = torch.rand(3)
print(r1)
# ask: Are `r1` and `r2` equal?
# ask.zh: `r1` 和 `r2` 相等吗？
# answer: value(same)
# choices: True | False
same = torch.equal(r1, r2)
# note(r2): `r2` was drawn right after the same seed as `r1`: same numbers. `r3` continued the sequence and differs.
# note.zh(r2): `r2` 和 `r1` 一样，都是在同一个种子之后立刻生成的：数值相同。`r3` 接着往下生成，所以不同。
print(same, torch.equal(r1, r3))
