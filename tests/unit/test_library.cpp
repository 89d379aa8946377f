// library bindings (engine/bindings/) through tp::Session: torch.tensor inference, factories,
// tensor attributes, indexing/setitem, operators and their grad_fn names, in-place semantics,
// the numpy bridge, nn/optim, copy and math. Checks avoid tensor reprs (format/ has its own tests).
#include <catch2/catch.hpp>

#include "trace/session.h"

using tp::RunResult;
using tp::Session;

namespace {
std::string out(const std::string& src) {
  Session s;
  RunResult r = s.run("import torch\n" + src, "prog.py");
  INFO(r.stderr_text);
  CHECK(r.exit_status == 0);
  return r.stdout_text;
}

std::string err(const std::string& src) {
  Session s;
  RunResult r = s.run("import torch\n" + src, "prog.py");
  CHECK(r.exit_status == 1);
  std::string e = r.stderr_text;
  while (!e.empty() && e.back() == '\n') e.pop_back();
  return e.substr(e.rfind('\n') + 1);
}
}  // namespace

TEST_CASE("torch.tensor infers bool < int < float and nests", "[library][creation]") {
  CHECK(out("print(torch.tensor([1, 2]).dtype, torch.tensor([1, 2.5]).dtype, torch.tensor([True, 1]).dtype)") ==
        "torch.int64 torch.float32 torch.int64\n");
  CHECK(out("print(torch.tensor([]).dtype, torch.tensor(True).dtype, torch.tensor([[1], [2]]).shape)") ==
        "torch.float32 torch.bool torch.Size([2, 1])\n");
  CHECK(out("print(torch.tensor([1, 2], dtype=torch.float64).tolist(), torch.tensor((1, 2.5)).tolist())") ==
        "[1.0, 2.0] [1.0, 2.5]\n");
  CHECK(out("print(torch.tensor([torch.tensor(1), 2]).tolist())") == "[1, 2]\n");
  CHECK(err("torch.tensor([[1, 2], [3]])") == "ValueError: expected sequence of length 2 at dim 1 (got 1)");
  CHECK(err("torch.tensor(['a'])") == "TypeError: new(): invalid data type 'str'");
  CHECK(err("torch.tensor([torch.ones(2), torch.ones(2)])") ==
        "ValueError: only one element tensors can be converted to Python scalars");
}

TEST_CASE("torch.tensor(tensor) copies, detaches and warns", "[library][creation]") {
  Session s;
  RunResult r = s.run("import torch\na = torch.ones(2, requires_grad=True)\nb = torch.tensor(a)\n"
                      "b[0] = 5\nprint(a.tolist(), b.requires_grad, b.is_leaf)\n");
  CHECK(r.stdout_text == "[1.0, 1.0] False True\n");
  CHECK(r.stderr_text.find("UserWarning: To copy construct from a tensor, it is recommended to use "
                           "sourceTensor.clone().detach() or sourceTensor.clone().detach().requires_grad_(True), "
                           "rather than torch.tensor(sourceTensor).") != std::string::npos);
}

TEST_CASE("factories, legacy constructors and new_* follow their dtype/device rules", "[library][creation]") {
  CHECK(out("print(torch.full((2,), 7).dtype, torch.full((2,), 7.).dtype, torch.arange(3).dtype, torch.arange(3.).dtype)") ==
        "torch.int64 torch.float32 torch.int64 torch.float32\n");
  CHECK(out("print(torch.Tensor(2, 3).shape, torch.Tensor([1, 2]).tolist(), torch.LongTensor([1]).dtype)") ==
        "torch.Size([2, 3]) [1.0, 2.0] torch.int64\n");
  CHECK(out("x = torch.ones(1, dtype=torch.float64, device='cuda')\nn = x.new_zeros(2)\nprint(n.dtype, n.device, x.new_tensor([1]).dtype)") ==
        "torch.float64 cuda:0 torch.float64\n");
  CHECK(out("a = torch.ones(2, device='mps')\nprint(torch.ones(1).new_tensor(a).device, torch.zeros_like(a).device)") ==
        "mps:0 mps:0\n");
  CHECK(out("print(torch.ones(2, requires_grad=True).is_leaf, torch.zeros(2, 2).stride())") == "True (2, 1)\n");
  CHECK(err("torch.ones(2, dtype=torch.long, requires_grad=True)") ==
        "RuntimeError: Only Tensors of floating point and complex dtype can require gradients");
  CHECK(out("torch.manual_seed(0)\nprint(torch.randint(0, 10, (5,)).tolist(), torch.initial_seed())") == "[4, 9, 3, 0, 3] 0\n");
}

TEST_CASE("tensor attributes and metadata", "[library][attrs]") {
  CHECK(out("x = torch.zeros(2, 3)\nprint(x.shape, x.stride(), x.t().stride(), x[1].storage_offset(), x.t().is_contiguous())") ==
        "torch.Size([2, 3]) (3, 1) (1, 3) 3 False\n");
  CHECK(out("x = torch.zeros(2, 3)\nprint(x.type(), x.int().type(), x.cuda().type(), x.element_size(), x.itemsize)") ==
        "torch.FloatTensor torch.IntTensor torch.cuda.FloatTensor 4 4\n");
  CHECK(out("x = torch.zeros(4)\nv = x[1:]\nprint(v._base is x, x._base, v.data_ptr() - x.data_ptr())") == "True None 4\n");
  CHECK(out("x = torch.zeros(2)\ny = x.view(2)\ny.add_(1)\nprint(x._version, y._version, x.detach()._version, x.data._version)") ==
        "1 1 1 0\n");
  CHECK(out("print(torch.device('cuda'), repr(torch.device('cuda')), torch.device('cuda', 1), torch.zeros(1).device.type)") ==
        "cuda device(type='cuda') cuda:1 cpu\n");
  CHECK(out("print(torch.float is torch.float32, torch.zeros(1).dtype is torch.float32, torch.int)") ==
        "True True torch.int32\n");
}

TEST_CASE("indexing follows TensorIndexing.h", "[library][indexing]") {
  CHECK(out("x = torch.arange(12).view(3, 4)\nprint(x[1].tolist(), x[:, 1].tolist(), x[-1, -1].item(), x[..., 0].tolist())") ==
        "[4, 5, 6, 7] [1, 5, 9] 11 [0, 4, 8]\n");
  CHECK(out("x = torch.arange(12).view(3, 4)\nprint(x[None].shape, x[:, None].shape, x[1:, ::2].tolist(), x[[0, 2], 0].tolist())") ==
        "torch.Size([1, 3, 4]) torch.Size([3, 1, 4]) [[4, 6], [8, 10]] [0, 8]\n");
  CHECK(out("x = torch.arange(5)\nprint(x[x > 2].tolist(), x[torch.tensor([4, 0])].tolist(), x[torch.tensor(2)].item())") ==
        "[3, 4] [4, 0] 2\n");
  CHECK(out("x = torch.ones(2, 2, requires_grad=True)\nprint(x[0].grad_fn.name(), x[:, 0].grad_fn.name(), x[:].grad_fn.name(), x[...].grad_fn.name(), x[[0]].grad_fn.name())") ==
        "SelectBackward0 SelectBackward0 SliceBackward0 AliasBackward0 IndexBackward0\n");
  CHECK(err("torch.arange(3)[3]") == "IndexError: index 3 is out of bounds for dimension 0 with size 3");
  CHECK(err("torch.zeros(2, 3)[:, -4]") == "IndexError: index -4 is out of bounds for dimension 1 with size 3");
  CHECK(err("torch.tensor(1)[0]") ==
        "IndexError: invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
  CHECK(err("torch.arange(3)[0, 1]") == "IndexError: too many indices for tensor of dimension 1");
}

TEST_CASE("setitem writes through views and bumps the version once per write", "[library][indexing]") {
  CHECK(out("x = torch.zeros(2, 3)\nx[0] = 1\nx[1, 1:] = torch.tensor([2., 3.])\nprint(x.tolist(), x._version)") ==
        "[[1.0, 1.0, 1.0], [0.0, 2.0, 3.0]] 2\n");
  CHECK(out("x = torch.zeros(3)\nx[:2] += 5\nprint(x.tolist(), x._version)") == "[5.0, 5.0, 0.0] 2\n");
  CHECK(out("y = torch.arange(5)\ny[y > 2] = 0\ny[[0]] = 9\nprint(y.tolist())") == "[9, 1, 2, 0, 0]\n");
  CHECK(out("z = torch.tensor([1, 2])\nz[0] = 2.7\nprint(z.tolist())") == "[2, 2]\n");
  CHECK(err("x = torch.ones(3, requires_grad=True)\nx[0] = 5") ==
        "RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.");
}

TEST_CASE("operators: promotion, reflected forms and grad_fn names", "[library][operators]") {
  CHECK(out("a = torch.tensor([1, 2])\nprint((a + 1).dtype, (a * 2.5).dtype, (a / 2).dtype, (a // 2).tolist(), (1 - a).tolist(), (2 ** a).tolist())") ==
        "torch.int64 torch.float32 torch.float32 [0, 1] [0, -1] [2, 4]\n");
  CHECK(out("a = torch.tensor([1, 2, 3])\nprint((a > 1).tolist(), (2 >= a).tolist(), ((a > 1) & (a < 3)).tolist(), (~(a > 1)).tolist())") ==
        "[False, True, True] [True, True, False] [False, True, False] [True, False, False]\n");
  CHECK(out("x = torch.ones(2, requires_grad=True)\nprint((1 - x).grad_fn.name(), (2 * x).grad_fn.name(), (1 / x).grad_fn.name(), (2 ** x).grad_fn.name(), (x ** 2).grad_fn.name(), (x ** x).grad_fn.name())") ==
        "RsubBackward1 MulBackward0 MulBackward0 PowBackward2 PowBackward0 PowBackward1\n");
  CHECK(out("x = torch.ones(2, requires_grad=True)\nprint([f is None for f, n in (2 * x).grad_fn.next_functions])") ==
        "[False, True]\n");
  CHECK(out("m = torch.ones(2, 2)\nv = torch.ones(2)\nprint((m @ m).shape, (m @ v).shape, (v @ v).shape)") ==
        "torch.Size([2, 2]) torch.Size([2]) torch.Size([])\n");
  CHECK(out("print(torch.ones(2) == None, torch.ones(1) != 'a')") == "False True\n");
}

TEST_CASE("augmented assignment is in place and keeps identity", "[library][operators]") {
  CHECK(out("a = torch.ones(2)\nb = a\na += 1\na *= 3\nprint(a is b, b.tolist(), a._version)") == "True [6.0, 6.0] 2\n");
  CHECK(err("c = torch.tensor([1, 2])\nc += 1.5") ==
        "RuntimeError: result type Float can't be cast to the desired output type Long");
  CHECK(err("x = torch.ones(2, requires_grad=True)\nx += 1") ==
        "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.");
}

TEST_CASE("Python protocol: len, iteration, bool, float/int, format", "[library][protocol]") {
  CHECK(out("t = torch.tensor([[1, 2], [3, 4]])\nprint(len(t), [r.tolist() for r in t], float(torch.tensor(2.5)), int(torch.tensor([7])))") ==
        "2 [[1, 2], [3, 4]] 2.5 7\n");
  CHECK(out("print(bool(torch.tensor([0])), f'{torch.tensor(0.25):.2f}', 2 in torch.tensor([1, 2]))") == "False 0.25 True\n");
  CHECK(err("len(torch.tensor(1.))") == "TypeError: len() of a 0-d tensor");
  CHECK(err("bool(torch.ones(2))") == "RuntimeError: Boolean value of Tensor with more than one value is ambiguous");
  CHECK(err("float(torch.ones(2))") == "ValueError: only one element tensors can be converted to Python scalars");
  CHECK(err("torch.ones(2).item()") == "RuntimeError: a Tensor with 2 elements cannot be converted to Scalar");
  CHECK(out("s = torch.Size([2, 3])\na, b = s\nprint(s, len(s), s == (2, 3), a * b, s.numel(), isinstance(s, tuple))") ==
        "torch.Size([2, 3]) 2 True 6 6 True\n");
}

TEST_CASE("reductions and torch.return_types", "[library][reductions]") {
  CHECK(out("x = torch.tensor([[1., 5.], [3., 4.]])\nv, i = x.max(1)\nprint(v.tolist(), i.tolist(), x.max(dim=0).indices.tolist(), x.argmax().item())") ==
        "[5.0, 4.0] [1, 1] [1, 0] 1\n");
  CHECK(out("x = torch.tensor([[1., 5.], [3., 4.]])\nprint(x.sum().item(), x.sum(0).tolist(), x.mean(1, keepdim=True).shape, torch.sum(x, dim=1).tolist())") ==
        "13.0 [4.0, 9.0] torch.Size([2, 1]) [6.0, 7.0]\n");
  CHECK(out("print(torch.tensor([1, 0]).any().item(), torch.tensor([1, 0]).all().item(), torch.tensor([], dtype=torch.bool).all().item())") ==
        "True False True\n");
  CHECK(out("print(torch.ones(2, 3).max(1))") ==
        "torch.return_types.max(\nvalues=tensor([1., 1.]),\nindices=tensor([0, 0]))\n");
}

TEST_CASE("numpy bridge shares memory both ways", "[library][numpy]") {
  CHECK(out("import numpy as np\na = np.array([1.0, 2.0])\nt = torch.from_numpy(a)\nt[0] = 5\nb = t.numpy()\nb[1] = 7\nprint(a.tolist(), t.tolist(), t.dtype, a.dtype)") ==
        "[5.0, 7.0] [5.0, 7.0] torch.float64 float64\n");
  CHECK(out("import numpy as np\nprint(np.array([1, 2]).dtype, np.array([[1.5]]).shape, (np.array([1, 2]) / 2).dtype, np.zeros(3).sum())") ==
        "int64 (1, 1) float64 0.0\n");
  CHECK(err("torch.ones(2, requires_grad=True).numpy()") ==
        "RuntimeError: Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.");
  CHECK(out("with torch.no_grad():\n  a = torch.ones(2, requires_grad=True).numpy()\nprint(a.shape)") == "(2,)\n");
}

TEST_CASE("nn.Linear initialises like PyTorch and modules register parameters", "[library][nn]") {
  CHECK(out("torch.manual_seed(0)\nf = torch.nn.Linear(2, 1)\nprint(f, f.weight.is_leaf, f.weight.requires_grad)\n"
            "print([round(v, 4) for v in f.weight.flatten().tolist()], round(f.bias.item(), 4))") ==
        "Linear(in_features=2, out_features=1, bias=True) True True\n[-0.0053, 0.3793] -0.582\n");
  CHECK(out("import torch.nn as nn\nclass N(nn.Module):\n  def __init__(self):\n    super().__init__()\n    self.a = nn.Linear(1, 1)\n    self.w = nn.Parameter(torch.ones(1))\n  def forward(self, x):\n    return self.a(x) * self.w\n"
            "n = N()\nprint([k for k, _ in n.named_parameters()], n(torch.ones(1, 1)).grad_fn.name())") ==
        "['w', 'a.weight', 'a.bias'] MulBackward0\n");
  CHECK(out("s = torch.nn.Sequential(torch.nn.Linear(1, 2), torch.nn.ReLU())\nprint(len(s), s[1], s(torch.ones(3, 1)).shape)") ==
        "2 ReLU() torch.Size([3, 2])\n");
}

TEST_CASE("optim.SGD steps like torch/optim/sgd.py", "[library][optim]") {
  CHECK(out("w = torch.tensor([1.0], requires_grad=True)\nopt = torch.optim.SGD([w], lr=0.1, momentum=0.9)\n"
            "for _ in range(3):\n  opt.zero_grad()\n  (w * 2).sum().backward()\n  opt.step()\n  print(round(w.item(), 4))") ==
        "0.8\n0.42\n-0.122\n");
  CHECK(out("w = torch.ones(1, requires_grad=True)\nopt = torch.optim.SGD([w], lr=1.0)\n(w * 3).sum().backward()\nopt.step()\nopt.zero_grad()\nprint(w.item(), w.grad)") ==
        "-2.0 None\n");
}

TEST_CASE("copy and math modules", "[library][pymods]") {
  CHECK(out("import copy\na = torch.ones(1, requires_grad=True)\nl = copy.deepcopy([a, a])\nprint(l[0] is l[1], l[0] is a, l[0].requires_grad)") ==
        "True False True\n");
  CHECK(out("import math\nprint(math.sqrt(torch.tensor(9.)), math.floor(-0.5), math.isclose(1.0, 1.0 + 1e-12))") == "3.0 -1 True\n");
}

TEST_CASE("grad mode context managers and decorator", "[library][grad_mode]") {
  CHECK(out("x = torch.ones(1, requires_grad=True)\nwith torch.no_grad():\n  y = x * 2\nprint(y.requires_grad, torch.is_grad_enabled())") ==
        "False True\n");
  CHECK(out("x = torch.ones(1, requires_grad=True)\n@torch.no_grad()\ndef f(t):\n  return t * 2\nprint(f(x).requires_grad)") == "False\n");
  CHECK(out("torch.set_grad_enabled(False)\nprint(torch.is_grad_enabled())\nwith torch.enable_grad():\n  print(torch.is_grad_enabled())") ==
        "False\nTrue\n");
}

TEST_CASE("state_dict / load_state_dict and container modules", "[library][nn]") {
  CHECK(out("net = torch.nn.Linear(2, 1)\nsd = net.state_dict()\nprint(list(sd), sd['bias'].requires_grad, torch.nn.Linear(2, 1).load_state_dict(sd))") ==
        "['weight', 'bias'] False <All keys matched successfully>\n");
  Session s;
  RunResult r = s.run("import torch\nnet = torch.nn.Linear(2, 1)\nnet.load_state_dict({'weight': torch.zeros(1, 3), 'x': 1})\n");
  CHECK(r.exit_status == 1);
  CHECK(r.stderr_text.find("RuntimeError: Error(s) in loading state_dict for Linear:\n\tMissing key(s) in state_dict: \"bias\". "
                           "\n\tUnexpected key(s) in state_dict: \"x\". \n\tsize mismatch for weight: copying a param with "
                           "shape torch.Size([1, 3]) from checkpoint, the shape in current model is torch.Size([1, 2]).") !=
        std::string::npos);
  CHECK(out("m = torch.nn.ModuleList([torch.nn.ReLU()])\nm.append(torch.nn.Tanh())\nprint(len(m), [type(x).__name__ for x in m], m[-1])") ==
        "2 ['ReLU', 'Tanh'] Tanh()\n");
}

TEST_CASE("x.T on a non-matrix warns once per session (TORCH_WARN_ONCE), with ATen's spacing", "[library][views]") {
  Session s;
  RunResult r = s.run("import torch\nx = torch.zeros(2, 3, 4)\na = x.T\nb = x.T\nc = torch.zeros(3).T\n"
                      "print(a.shape, b.shape, c.shape)\n");
  CHECK(r.stdout_text == "torch.Size([4, 3, 2]) torch.Size([4, 3, 2]) torch.Size([3])\n");
  const std::string text = "Consider `x.mT` to transpose batches of matrices or `x.permute(";
  size_t first = r.stderr_text.find(text);
  CHECK(first != std::string::npos);
  CHECK(r.stderr_text.find(":3: UserWarning: The use of `x.T`") != std::string::npos);
  CHECK(r.stderr_text.find(text, first + 1) == std::string::npos);  // lines 4 and 5 stay silent
}

TEST_CASE("Tensor.storage() warns about TypedStorage once, as _warn_typed_storage_removal does", "[library][storage]") {
  Session s;
  RunResult r = s.run("import torch\nx = torch.arange(3.)\ns = x.storage()\nt = x.storage()\nprint(s.data_ptr() == t.data_ptr())\n");
  CHECK(r.stdout_text == "True\n");
  const std::string text = "UserWarning: TypedStorage is deprecated.";
  size_t first = r.stderr_text.find(text);
  CHECK(first != std::string::npos);
  CHECK(r.stderr_text.find(":3: " + text) != std::string::npos);
  CHECK(r.stderr_text.find(text, first + 1) == std::string::npos);
}
