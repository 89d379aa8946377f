# title: Strides: t(), transpose() and permute() move no data
# title.zh: 步长：t()、transpose() 和 permute() 不搬动数据
# intro: A tensor's strides say how many storage cells to skip to move one step along each dimension. `t()`, `transpose()` and `permute()` only swap sizes and strides; the cells stay where they are.
# intro: A tensor is contiguous when its strides are exactly those of a fresh row-major tensor of its shape. After a transpose it usually is not, and `contiguous()` then makes a copy that is.
# intro.zh: 步长表示沿某一维前进一步需要在存储里跳过几个单元。`t()`、`transpose()` 和 `permute()` 只是交换形状和步长，单元本身一动不动。
# intro.zh: 如果一个张量的步长恰好等于同形状新建张量的行优先步长，它就是连续的。转置之后通常就不连续了，这时 `contiguous()` 会复制出一个连续的张量。
import torch

a = torch.arange(24).view(2, 3, 4)
print(a.stride(), a.is_contiguous())
# note(b): `b` has the strides of `a` swapped: (1, 4) instead of (4, 1). Same cells, read column by column.
# note.zh(b): `b` 的步长是 `a` 的步长对调后的结果：(1, 4) 而不是 (4, 1)。单元相同，只是按列读取。
b = a[0].t()
print(b.shape, b.stride(), b.is_contiguous())
c = a.transpose(0, 2)
print(c.shape, c.stride())
p = a.permute(2, 0, 1)
print(p.shape, p.stride(), p.is_contiguous())
print(p.data_ptr() == a.data_ptr())
# ask: Does `q` share storage with `a`?
# ask.zh: `q` 和 `a` 共用存储吗？
# answer: shares(q, a)
q = p.contiguous()
# note(q): `contiguous()` had to copy: `q` has its own storage, laid out in the order `p` reads it.
# note.zh(q): `contiguous()` 不得不复制：`q` 有自己的存储，单元顺序就是 `p` 的读取顺序。
print(q.stride(), q.is_contiguous())
print(a.contiguous() is a)
