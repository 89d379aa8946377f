# title: A custom autograd.Function
# title.zh: 自定义 autograd.Function
# intro: Subclass `torch.autograd.Function` and write two static methods: `forward` computes the result and saves what backward will need with `ctx.save_for_backward`; `backward` receives the gradient of the output and returns one gradient per input.
# intro: `Square.apply(x)` runs forward and records a node named after your class, SquareBackward, in the graph. Autograd calls your `backward` when the gradient reaches it.
# intro.zh: 继承 `torch.autograd.Function`，写两个静态方法：`forward` 计算结果，并用 `ctx.save_for_backward` 保存反向传播需要的东西；`backward` 接收输出的梯度，为每个输入返回一个梯度。
# intro.zh: `Square.apply(x)` 执行前向计算，并在计算图里记录一个以你的类命名的节点 SquareBackward。梯度到达这个节点时，自动求导会调用你的 `backward`。
import torch


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return 2 * x * grad_output


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
# note(y): `y` has grad_fn SquareBackward: the node your class defines, which saved `x`.
# note.zh(y): `y` 的 grad_fn 是 SquareBackward：由你的类定义的节点，它保存了 `x`。
y = Square.apply(x)
print(y)
loss = y.sum()
# ask: What is `x.grad` after `loss.backward()`?
# ask.zh: `loss.backward()` 之后，`x.grad` 是多少？
# answer: value(x.grad)
# choices: tensor([1., 4., 9.]) | tensor([2., 4., 6.]) | tensor([1., 1., 1.])
loss.backward()
print(x.grad)
