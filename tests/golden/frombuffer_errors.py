# torch.frombuffer's checks, word for word from torch/csrc/utils/tensor_new.cpp tensor_frombuffer
# (TORCH_CHECK_VALUE -> ValueError; a failed PyObject_GetBuffer -> RuntimeError "could not retrieve
# buffer from object") and the argument parser (python_arg_parser.cpp: missing_args keeps its
# "1 required positional arguments" wording; "argument 'count' must be int, not float").
import torch
buf = bytearray(8)
cases = [
    lambda: torch.frombuffer(bytearray(), dtype=torch.float32),
    lambda: torch.frombuffer(buf, dtype=torch.float32, count=0),
    lambda: torch.frombuffer(buf, dtype=torch.float32, offset=8),
    lambda: torch.frombuffer(buf, dtype=torch.float32, offset=-1),
    lambda: torch.frombuffer(bytearray(7), dtype=torch.float32),
    lambda: torch.frombuffer(buf, dtype=torch.float32, offset=2),
    lambda: torch.frombuffer(buf, dtype=torch.float32, count=3),
    lambda: torch.frombuffer(buf, dtype=torch.float64, count=1, offset=4),
    lambda: torch.frombuffer([1, 2, 3], dtype=torch.float32),
    lambda: torch.frombuffer(buf),
    lambda: torch.frombuffer(buf, dtype=torch.float32, count=1.0),
    lambda: torch.frombuffer(buf, torch.float32),
]
for f in cases:
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)
t = torch.frombuffer(buf, dtype=torch.int64, count=3)
