import torch
print(torch.channels_last, torch.contiguous_format, torch.preserve_format, torch.channels_last_3d)
print(type(torch.channels_last))
x = torch.arange(24.).reshape(1, 2, 3, 4)
y = x.to(memory_format=torch.channels_last)
print(y.stride(), y.is_contiguous(), y.is_contiguous(memory_format=torch.channels_last))
print(x.is_contiguous(memory_format=torch.channels_last), y.data_ptr() == x.data_ptr())
print(torch.equal(x, y))
print(y.as_strided((24,), (1,)).tolist())
print((y + 1).stride(), (y * x).stride(), (x * y).stride())
print(y.contiguous().stride(), y.contiguous(memory_format=torch.channels_last) is y, x.contiguous() is x)
print(x.contiguous(memory_format=torch.channels_last).stride())
print(y.clone().stride(), y.clone(memory_format=torch.contiguous_format).stride())
print(y.to(torch.float64).stride(), y.to(torch.float64, memory_format=torch.contiguous_format).stride())
print(y.to(memory_format=torch.channels_last) is y, x.to(memory_format=torch.contiguous_format) is x)
t = torch.ones(2, 3).t()
print(t.to(memory_format=torch.contiguous_format) is t, t.contiguous() is t)
print(torch.empty_like(y).stride(), torch.zeros_like(y).stride(), torch.ones_like(y).stride())
print(torch.full_like(y, 7).stride(), torch.rand_like(y).stride(), torch.randn_like(y).stride())
print(torch.zeros_like(y, memory_format=torch.contiguous_format).stride())
print(torch.ones_like(x, memory_format=torch.channels_last).stride())
print(torch.zeros_like(t).stride(), torch.zeros_like(t)._version)
u = torch.ones(4, 6)[:, ::2]
v = torch.ones(6, 4)[::2].t()
print(u.stride(), torch.empty_like(u).stride(), v.stride(), torch.empty_like(v).stride())
print(torch.empty(2, 3, 4, 5, memory_format=torch.channels_last).stride())
w = torch.empty(2, 3, 4, 5, 6, memory_format=torch.channels_last_3d)
print(w.stride(), w.is_contiguous(memory_format=torch.channels_last_3d), w.is_contiguous(memory_format=torch.channels_last))
a = torch.empty(2, 1, 1, 1)
print(a.stride(), a.is_contiguous(), a.is_contiguous(memory_format=torch.channels_last))
print(torch.empty(2, 3, 4).is_contiguous(memory_format=torch.channels_last))
for f in [lambda: torch.empty(2, 3, memory_format=torch.channels_last),
          lambda: torch.empty(2, 3, 4, 5, memory_format=torch.channels_last_3d),
          lambda: t.contiguous(memory_format=torch.preserve_format),
          lambda: torch.ones(2, 3).to(memory_format=torch.channels_last),
          lambda: torch.ones(2, 3).clone(memory_format=torch.channels_last),
          lambda: torch.empty(2, memory_format=torch.preserve_format)]:
    try:
        f()
    except RuntimeError as e:
        print("RuntimeError:", e)
x.contiguous(memory_format=1)
