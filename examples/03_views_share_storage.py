# title: Views share their base's storage
# title.zh: 视图共享基张量的存储
# intro: `view()`, slicing and `t()` never copy. They make a new tensor header (sizes, strides, storage offset) over the same storage, so a write through a view is a write into the base.
# intro: Every view of a tensor also shares its version counter: one in-place write bumps `_version` for all of them.
# intro.zh: `view()`、切片和 `t()` 都不复制数据。它们只是在同一块存储上建一个新的张量头（形状、步长、存储偏移），所以通过视图写入，就是写进基张量。
# intro.zh: 同一个张量的所有视图还共用一个版本计数器：任何一次原地写入，都会让它们的 `_version` 一起增加。
import torch

x = torch.arange(6.)
# note(y): `y` reads the same six cells as `x`, row by row: stride (3, 1).
# note.zh(y): `y` 按行读取与 `x` 相同的六个单元：步长为 (3, 1)。
y = x.view(2, 3)
print(y)
print(y.stride(), y.storage_offset())
t = y.t()
print(t.stride(), t.is_contiguous())
# note(col): `col` starts at cell 1 (storage offset 1) and steps 3 cells at a time: it reads cells 1 and 4.
# note.zh(col): `col` 从第 1 个单元开始（存储偏移为 1），每次跨 3 个单元：它读的是第 1 和第 4 个单元。
col = y[:, 1]
print(col, col.stride(), col.storage_offset())
# ask: After `col += 100`, which cells of `x` change?
# ask.zh: 执行 `col += 100` 之后，`x` 的哪些单元会变？
# answer: changed(x)
# choices: none | x[1] | x[1], x[4] | x[3], x[4], x[5]
col += 100
print(x)
print(x._version, y._version, col._version)
print(y._base is x, col._base is x)
