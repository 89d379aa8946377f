# torch.autograd.graph.disable_saved_tensors_hooks, expected output derived from:
# - torch/autograd/graph.py: a @contextlib.contextmanager that saves the previous message
#   (_saved_tensors_hooks_get_disabled_error_message), disables, and in `finally` restores it
#   (enable when there was none), so nesting restores the outer message and an error inside leaves
#   hooks usable afterwards; its docstring example raises the given message for save_on_cpu;
# - aten/src/ATen/SavedTensorHooks.cpp: push_hooks -> assertSavedTensorHooksNotDisabled, a
#   TORCH_CHECK (RuntimeError) whose text is exactly the message; disable() raises it at once when
#   hooks are already on the stack;
# - test/test_autograd.py test_disabling_saved_tensor_hooks / _nested.
import torch
from torch.autograd.graph import disable_saved_tensors_hooks, saved_tensors_hooks, save_on_cpu

message = "saved tensors default hooks are disabled"
with disable_saved_tensors_hooks(message):
    try:
        with save_on_cpu():
            pass
    except RuntimeError as e:
        print("RuntimeError:", e)
    x = torch.ones(2, requires_grad=True)
    y = (x * x).sum()          # saving tensors is fine; only pushing hooks is refused
    y.backward()
    print(x.grad)

with disable_saved_tensors_hooks("outer"):
    with disable_saved_tensors_hooks("inner"):
        try:
            with saved_tensors_hooks(lambda t: t, lambda t: t):
                pass
        except RuntimeError as e:
            print(e)
    try:
        with saved_tensors_hooks(lambda t: t, lambda t: t):
            pass
    except RuntimeError as e:
        print(e)

packed = []
with saved_tensors_hooks(lambda t: packed.append(t) or t, lambda t: t):  # enabled again
    z = torch.ones(2, requires_grad=True).exp()  # ExpBackward0 saves its result
print(len(packed))

with saved_tensors_hooks(lambda t: t, lambda t: t):
    try:
        with disable_saved_tensors_hooks("hooks are active"):
            print("not reached")
    except RuntimeError as e:
        print(e)
with saved_tensors_hooks(lambda t: t, lambda t: t):  # the failed disable was undone by `finally`
    print("hooks usable")

with disable_saved_tensors_hooks(message):
    with saved_tensors_hooks(lambda t: t, lambda t: t):
        pass
