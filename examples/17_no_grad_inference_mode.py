# title: torch.no_grad() and torch.inference_mode()
# title.zh: torch.no_grad() 与 torch.inference_mode()
# intro: Inside `torch.no_grad()` autograd records nothing: results have no `grad_fn` and do not require grad, even when their inputs do. Use it for evaluation and for updating weights by hand.
# intro: `torch.inference_mode()` goes further: tensors made inside it are inference tensors, with no version counter and no history at all. That is faster, but such a tensor can never join autograd later: it cannot be saved for backward.
# intro.zh: 在 `torch.no_grad()` 里，自动求导什么都不记录：即使输入需要梯度，结果也没有 `grad_fn`，也不需要梯度。评估模型和手动更新权重时就用它。
# intro.zh: `torch.inference_mode()` 更进一步：在它里面创建的张量是推理张量，既没有版本计数器，也没有任何历史。这样更快，但这种张量以后再也不能参与自动求导：它不能被保存用于反向传播。
import torch

x = torch.ones(3, requires_grad=True)
with torch.no_grad():
    y = x * 2
# note(y): `y` was computed from `x`, yet it has no `grad_fn`: nothing was recorded inside `no_grad()`.
# note.zh(y): `y` 是由 `x` 算出来的，却没有 `grad_fn`：在 `no_grad()` 里什么都没有记录。
print(y.requires_grad, y.grad_fn, y.is_leaf)
with torch.inference_mode():
    z = x * 2
print(z.requires_grad, z.is_inference(), y.is_inference())
print(torch.is_grad_enabled(), torch.is_inference_mode_enabled())
w = (x * 3).sum()
print(w.requires_grad)
# ask: Does multiplying the inference tensor `z` with `x` (which requires grad) raise an error?
# ask.zh: 把推理张量 `z` 与需要梯度的 `x` 相乘，会报错吗？
# answer: raises()
bad = z * x
