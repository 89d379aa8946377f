// `repr(tensor)` exactly as torch/_tensor_str.py prints it (PyTorch 2.x): the _Formatter width and
// mode rules, 80-column wrapping, summarisation, nested brackets, and the suffix placement rule.
#pragma once
#include <optional>
#include <string>

#include "core/tensor.h"

namespace tp::format {

// torch.set_printoptions (torch/_tensor_str.py PRINT_OPTS).
struct PrintOptions {
  int precision = 4;
  double threshold = 1000;
  int edgeitems = 3;
  int linewidth = 80;
  std::optional<bool> sci_mode;
};

// What the repr shows beyond the values; the caller reads these from the autograd layer.
struct TensorReprExtras {
  std::string grad_fn_name;  // empty = no grad_fn ("Invalid" when reading grad_fn raised)
  bool requires_grad = false;
  bool is_parameter = false;  // nn.Parameter: "Parameter containing:\n" + repr
};

std::string tensor_repr(const Tensor& t, const TensorReprExtras& extras, const PrintOptions& options = {});
// Only the bracketed body (_tensor_str), used for numpy-free pieces such as grad values in the trace.
std::string tensor_body(const Tensor& t, int indent, const PrintOptions& options = {});
// torch.Size([2, 3])
std::string size_repr(const Shape& sizes);

}  // namespace tp::format
