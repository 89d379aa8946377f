# title: Gradients accumulate: zero_grad()
# title.zh: 梯度会累加：zero_grad()
# intro: `backward()` does not overwrite `.grad`, it adds to it. Run backward twice and the gradient doubles. This is on purpose (it lets you sum gradients over several mini-batches), and it is why training loops clear gradients every step.
# intro: `w.grad.zero_()` writes zeros into the existing gradient tensor; `optimizer.zero_grad()` in PyTorch 2.x sets `.grad` to `None` instead (set_to_none=True by default).
# intro.zh: `backward()` 不会覆盖 `.grad`，而是往里累加。反向传播两次，梯度就翻倍。这是有意为之（方便把几个小批量的梯度加在一起），也正因如此，训练循环每一步都要清空梯度。
# intro.zh: `w.grad.zero_()` 把已有的梯度张量写成零；PyTorch 2.x 里的 `optimizer.zero_grad()` 则直接把 `.grad` 设为 `None`（默认 set_to_none=True）。
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
(w * 3).sum().backward()
print(w.grad)
# ask: What is `w.grad` after the second backward?
# ask.zh: 第二次反向传播之后，`w.grad` 是多少？
# answer: value(w.grad)
# choices: tensor([3., 3.]) | tensor([6., 6.]) | tensor([9., 9.])
(w * 3).sum().backward()
# note(w): The second gradient was added to the first: the `.grad` tensor of `w` now holds 6, 6.
# note.zh(w): 第二次的梯度加到了第一次上：`w` 的 `.grad` 现在是 6, 6。
print(w.grad)
w.grad.zero_()
print(w.grad)
opt = torch.optim.SGD([w], lr=0.1)
(w ** 2).sum().backward()
print(w.grad)
opt.zero_grad()
print(w.grad)
