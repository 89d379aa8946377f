# title: Output PyTorch cannot produce
# title.zh: PyTorch 根本打印不出来的输出
# intro: Some popular tutorials show `x.as_strided((5, 5), (0, 4))` on a 3×3 tensor, or `expand(3, -1)` on a 2×3 tensor, followed by a neatly printed result. Neither result exists: PyTorch checks both calls and raises.
# intro: `as_strided` checks that the farthest cell the view could read is inside the storage. `expand` can only repeat a dimension of size 1; it never stretches a dimension of size 2 to 3. Run the snippets and read the real errors.
# intro.zh: 一些流行教程在 3×3 的张量上演示 `x.as_strided((5, 5), (0, 4))`，或在 2×3 的张量上演示 `expand(3, -1)`，然后贴出一份整整齐齐的结果。这两个结果都不存在：PyTorch 会检查这两个调用并报错。
# intro.zh: `as_strided` 会检查视图可能读到的最远单元是否仍在存储之内。`expand` 只能重复大小为 1 的维度，绝不会把大小为 2 的维度拉成 3。运行这些代码，看看真实的报错。
import torch

x = torch.arange(9).view(3, 3)
# note(x): `x` owns 9 cells of 8 bytes (int64): 72 bytes. A (5, 5) view with strides (0, 4) would need to reach cell 4 × 4 = 16, that is 136 bytes.
# note.zh(x): `x` 拥有 9 个 8 字节（int64）的单元，共 72 字节。形状 (5, 5)、步长 (0, 4) 的视图要读到第 4 × 4 = 16 个单元，需要 136 字节。
try:
    y = x.as_strided((5, 5), (0, 4))
except RuntimeError as err:
    print(err)
print(x.as_strided((3, 3), (0, 1)))
z = torch.zeros(2, 3)
print(z.expand(2, 2, 3).shape)
# ask: Does `z.expand(3, -1)` raise an error?
# ask.zh: `z.expand(3, -1)` 会报错吗？
# answer: raises()
bad = z.expand(3, -1)
