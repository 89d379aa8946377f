// Warnings on stderr: one that PyTorch raises from C++ with TORCH_WARN / TORCH_WARN_ONCE carries
// " (Triggered internally at <file>.)" (torch/csrc/Exceptions.cpp, PyWarningHandler), printed here in
// the fixed form of Note [Warnings from PyTorch's C++] (engine/bindings/autograd/anomaly_mode.cpp);
// one raised from Python (warnings.warn in torch/*.py) or by C++ through PyErr_WarnEx has none.
#include <catch2/catch.hpp>

#include "trace/session.h"

using tp::RunResult;
using tp::Session;

namespace {

std::string stderr_of(const std::string& program) {
  Session s;
  RunResult r = s.run(program);
  CHECK(r.exit_status == 0);
  return r.stderr_text;
}

}  // namespace

TEST_CASE("TORCH_WARN warnings end with their normalised C++ location", "[library][warnings]") {
  // aten/src/ATen/native/Resize.cpp resize_output_check: TORCH_WARN("An output with one or more elements ...")
  CHECK(stderr_of("import torch\n"
                  "o = torch.zeros(2)\n"
                  "torch.mul(torch.ones(3), torch.ones(3), out=o)\n") ==
        "prog.py:3: UserWarning: An output with one or more elements was resized since it had shape [2], which does "
        "not match the required output shape [3]. This behavior is deprecated, and in a future PyTorch release "
        "outputs will not be resized unless they have zero elements. You can explicitly reuse an out tensor t by "
        "resizing it, inplace, to zero elements with t.resize_(0). (Triggered internally at "
        "aten/src/ATen/native/Resize.cpp.)\n"
        "  torch.mul(torch.ones(3), torch.ones(3), out=o)\n");
  // aten/src/ATen/templates/TensorBody.h (generated into build/aten/src/ATen/core/TensorBody.h), grad():
  // TORCH_WARN("The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. ...")
  CHECK(stderr_of("import torch\n"
                  "y = torch.ones(2, requires_grad=True) * 2\n"
                  "g = y.grad\n") ==
        "prog.py:3: UserWarning: The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its "
        ".grad attribute won't be populated during autograd.backward(). If you indeed want the .grad field to be "
        "populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you access the non-leaf "
        "Tensor by mistake, make sure you access the leaf Tensor instead. See github.com/pytorch/pytorch/pull/30531 "
        "for more information. (Triggered internally at aten/src/ATen/core/TensorBody.h.)\n"
        "  g = y.grad\n");
  // aten/src/ATen/native/Correlation.cpp cov: TORCH_WARN("cov(): degrees of freedom is <= 0. ...")
  CHECK(stderr_of("import torch\n"
                  "c = torch.cov(torch.ones(1, 1))\n") ==
        "prog.py:2: UserWarning: cov(): degrees of freedom is <= 0. Correction should be strictly less than the "
        "number of observations. (Triggered internally at aten/src/ATen/native/Correlation.cpp.)\n"
        "  c = torch.cov(torch.ones(1, 1))\n");
  // aten/src/ATen/native/TensorShape.cpp numpy_T: TORCH_WARN_ONCE, so the second use is silent
  CHECK(stderr_of("import torch\n"
                  "z = torch.ones(2, 3, 4).T\n"
                  "z = torch.ones(2, 3, 4).T\n") ==
        "prog.py:2: UserWarning: The use of `x.T` on tensors of dimension other than 2 to reverse their shape is "
        "deprecated and it will throw an error in a future release. Consider `x.mT` to transpose batches of "
        "matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a tensor. "
        "(Triggered internally at aten/src/ATen/native/TensorShape.cpp.)\n"
        "  z = torch.ones(2, 3, 4).T\n");
}

TEST_CASE("a C++ warning reached through PyTorch's own Python is located in that file", "[library][warnings]") {
  // aten/src/ATen/native/TensorShape.cpp meshgrid: TORCH_WARN_ONCE, called by torch/functional.py's
  // _meshgrid ("return _VF.meshgrid(tensors, **kwargs)  # type: ignore[attr-defined]"), whose frame
  // PyErr_WarnEx reports; PyTorch 2.3 prints ".../torch/functional.py:512: UserWarning: torch.meshgrid: ...
  // (Triggered internally at .../aten/src/ATen/native/TensorShape.cpp:3587.)" and that source line.
  CHECK(stderr_of("import torch\n"
                  "a, b = torch.meshgrid(torch.arange(2), torch.arange(3))\n"
                  "a, b = torch.meshgrid(torch.arange(2), torch.arange(3))\n") ==
        "torch/functional.py: UserWarning: torch.meshgrid: in an upcoming release, it will be required to pass the "
        "indexing argument. (Triggered internally at aten/src/ATen/native/TensorShape.cpp.)\n"
        "  return _VF.meshgrid(tensors, **kwargs)  # type: ignore[attr-defined]\n");
}

TEST_CASE("warnings raised from Python or through PyErr_WarnEx have no C++ location", "[library][warnings]") {
  // torch/storage.py _warn_typed_storage_removal: warnings.warn(message, UserWarning, stacklevel=...)
  CHECK(stderr_of("import torch\n"
                  "s = torch.ones(2).storage()\n") ==
        "prog.py:2: UserWarning: TypedStorage is deprecated. It will be removed in the future and UntypedStorage "
        "will be the only storage class. This should only matter to you if you are using storages directly.  To "
        "access UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()\n"
        "  s = torch.ones(2).storage()\n");
  // torch/csrc/autograd/python_torch_functions_manual.cpp THPVariable_range: PyErr_WarnEx(PyExc_UserWarning, ...)
  CHECK(stderr_of("import torch\n"
                  "r = torch.range(0, 2)\n") ==
        "prog.py:2: UserWarning: torch.range is deprecated and will be removed in a future release because its "
        "behavior is inconsistent with Python's range builtin. Instead, use torch.arange, which produces values in "
        "[start, end).\n"
        "  r = torch.range(0, 2)\n");
}
