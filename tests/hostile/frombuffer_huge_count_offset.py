import torch
buf = bytearray(8)
for kw in [dict(count=2**62), dict(count=2**61 + 1), dict(offset=2**62), dict(count=2**62, offset=7), dict(count=-(2**62), offset=1)]:
    try:
        print(torch.frombuffer(buf, dtype=torch.float64, **kw))
    except ValueError as e:
        print(e)
big = bytearray(2**62)
