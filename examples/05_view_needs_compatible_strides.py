# title: view() vs reshape() vs contiguous()
# title.zh: view()、reshape() 与 contiguous()
# intro: `view()` never copies, so it can only give a shape whose elements it can reach with strides over the existing storage. `reshape()` returns a view when it can and a copy when it must. `contiguous()` copies into row-major order, after which `view()` always works.
# intro: This lesson ends on PyTorch's real error: a transposed tensor cannot be flattened by `view()`.
# intro.zh: `view()` 从不复制，所以它只能给出那些能在现有存储上用步长走到的形状。`reshape()` 能返回视图就返回视图，不行就复制。`contiguous()` 把数据按行优先复制一份，之后 `view()` 总能成功。
# intro.zh: 本课最后会出现 PyTorch 真实的报错：转置后的张量无法用 `view()` 摊平。
import torch

x = torch.arange(6).view(2, 3)
t = x.t()
print(t.is_contiguous())
# ask: Does `r` share storage with `x`?
# ask.zh: `r` 和 `x` 共用存储吗？
# answer: shares(r, x)
r = t.reshape(6)
# note(r): `reshape()` could not make a view here, so `r` is a copy with its own storage: 0, 3, 1, 4, 2, 5.
# note.zh(r): 这里 `reshape()` 无法得到视图，所以 `r` 是一份拥有自己存储的副本：0, 3, 1, 4, 2, 5。
print(r)
print(r.data_ptr() == x.data_ptr())
c = t.contiguous().view(6)
print(c, c.is_contiguous())
# note(t): `t` reads its storage with strides (1, 3); no single stride walks it in order 0, 3, 1, 4, 2, 5, so `view()` refuses.
# note.zh(t): `t` 以步长 (1, 3) 读取存储；没有任何单一步长能按 0, 3, 1, 4, 2, 5 的顺序走完，所以 `view()` 拒绝了。
v = t.view(6)
