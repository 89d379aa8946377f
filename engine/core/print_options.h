// torch.set_printoptions state (torch/_tensor_str.py PRINT_OPTS). It lives in the session's
// Context (no global state); format/tensor_str.h reads it when printing a tensor.
#pragma once
#include <optional>

namespace tp {

struct PrintOptions {
  int precision = 4;
  double threshold = 1000;  // summarise when numel > threshold (inf for profile="full")
  int edgeitems = 3;
  int linewidth = 80;
  std::optional<bool> sci_mode;  // None = the formatter decides
};

}  // namespace tp
