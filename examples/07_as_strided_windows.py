# title: as_strided(): sliding windows over one storage
# title.zh: as_strided()：在同一块存储上滑动窗口
# intro: `as_strided(size, stride)` lets you choose the sizes and strides yourself. With stride 1 in both dimensions, row i starts one cell after row i - 1: each row is a window sliding over the signal, and neighbouring windows overlap.
# intro: No data is copied. That is why it is fast, and why a write into one window shows up in every window that contains that cell. `unfold()` builds the same windows with a safer interface.
# intro.zh: `as_strided(size, stride)` 让你自己指定形状和步长。两维的步长都取 1 时，第 i 行比第 i - 1 行晚一个单元开始：每一行都是在信号上滑动的一个窗口，相邻窗口互相重叠。
# intro.zh: 整个过程不复制数据。所以它很快；也正因如此，往一个窗口里写，所有包含这个单元的窗口都会看到。`unfold()` 能用更安全的接口得到同样的窗口。
import torch

signal = torch.arange(6.)
# note(w): Each row of `w` starts one cell later: rows read cells 0-2, 1-3, 2-4 and 3-5. Cell 2 is read by three windows.
# note.zh(w): `w` 的每一行都比上一行晚一个单元开始：四行分别读第 0-2、1-3、2-4、3-5 个单元。第 2 个单元被三个窗口读到。
w = signal.as_strided((4, 3), (1, 1))
print(w)
print(w.stride(), w.is_contiguous())
print(w.sum(dim=1))
u = signal.unfold(0, 3, 1)
print(torch.equal(u, w), u.stride())
# ask: After `signal[2] = 100`, which elements of `w` change?
# ask.zh: 执行 `signal[2] = 100` 之后，`w` 的哪些元素会变？
# answer: changed(w)
# choices: w[0, 2] | w[0, 2], w[1, 1], w[2, 0] | w[2, 0], w[2, 1], w[2, 2]
signal[2] = 100
print(w)
