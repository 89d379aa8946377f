# out= for torch.diff. Expected output from aten/src/ATen/native/ReduceOps.cpp diff_out (no dispatch
# entry: CompositeImplicitAutograd) and diff_out_helper: after diff_check (and prepend / append cat), n == 0
# resizes out (resize_output_check), check_scalar_type_device_layout_equal ("expected scalar_type Float
# but found Double") and out.copy_(self) through autograd (CopyBackwards, one bump); otherwise the first
# n - 1 differences are computed and the last is at::sub_out(result, ...) (TensorIterator with
# enforce_safe_casting_to_output: "result type Float can't be cast to the desired output type Long";
# sub.out's VariableType kernel refuses autograd as "sub()") or, for a bool input,
# at::logical_xor_out (any out dtype; not differentiable).
import torch
def show(f):
    try:
        print(f())
    except RuntimeError as e:
        print(e)
x = torch.tensor([[1., 4., 9.], [2., 3., 7.]])
o = torch.empty(0)
print(torch.diff(x, out=o) is o, o, o._version)
show(lambda: torch.diff(x, n=2, dim=1, out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.diff(torch.tensor([1, 4, 9]), out=torch.empty(0)))
show(lambda: torch.diff(x, out=torch.empty(0, dtype=torch.long)))
show(lambda: torch.diff(torch.tensor([True, False, False]), out=torch.empty(0, dtype=torch.float32)))
show(lambda: torch.diff(x, 0, out=torch.empty(0)))
show(lambda: torch.diff(x, 0, out=torch.empty(0, dtype=torch.float64)))
show(lambda: torch.diff(x, dim=0, prepend=torch.zeros(1, 3), out=torch.empty(0)))
w = x.clone().requires_grad_()
show(lambda: torch.diff(w, out=torch.empty(0)))
show(lambda: torch.diff(torch.tensor([True, False], requires_grad=False), out=torch.empty(0, dtype=torch.bool)))
t = torch.empty(0)
torch.diff(w, 0, out=t)
print(t.grad_fn.name(), t._version)
