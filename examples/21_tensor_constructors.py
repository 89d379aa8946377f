# title: torch.tensor, torch.Tensor, as_tensor and from_numpy
# title.zh: torch.tensor、torch.Tensor、as_tensor 与 from_numpy
# intro: Four ways to make a tensor from data, with different rules. `torch.tensor(data)` always copies and infers the dtype (integers stay int64). `torch.Tensor(data)` is the old constructor: it always makes float32.
# intro: `torch.as_tensor(arr)` and `torch.from_numpy(arr)` share the numpy array's memory when they can; `as_tensor` copies when you ask for another dtype.
# intro.zh: 用数据创建张量有四种方式，规则各不相同。`torch.tensor(data)` 总是复制，并推断 dtype（整数仍是 int64）。`torch.Tensor(data)` 是旧式构造函数：结果总是 float32。
# intro.zh: `torch.as_tensor(arr)` 和 `torch.from_numpy(arr)` 能共享时就共享 numpy 数组的内存；如果要求别的 dtype，`as_tensor` 就会复制。
import numpy as np
import torch

arr = np.array([1, 2, 3])
a = torch.tensor(arr)
b = torch.Tensor([1, 2, 3])
c = torch.as_tensor(arr)
d = torch.from_numpy(arr)
e = torch.as_tensor(arr, dtype=torch.float32)
print(a.dtype, b.dtype, c.dtype, d.dtype, e.dtype)
# ask: After `arr[0] = 100`, which elements of `c` change?
# ask.zh: 执行 `arr[0] = 100` 之后，`c` 的哪些元素会变？
# answer: changed(c)
# choices: none | c[0] | c[0], c[1], c[2]
arr[0] = 100
# note(c): `c` and `d` read the array's memory, so they see 100; `a`, `b` and `e` were copies and still hold 1.
# note.zh(c): `c` 和 `d` 读的是数组的内存，所以看到了 100；`a`、`b`、`e` 是副本，仍然是 1。
print(a)
print(b)
print(c)
print(d)
print(e)
