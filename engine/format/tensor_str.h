// `repr(tensor)` exactly as torch/_tensor_str.py prints it (PyTorch 2.x): the _Formatter width and
// mode rules, 80-column wrapping, summarisation, nested brackets, and the suffix placement rule.
#pragma once
#include <string>
#include <vector>

#include "core/print_options.h"
#include "core/tensor.h"

namespace tp::format {

using PrintOptions = tp::PrintOptions;  // torch.set_printoptions; the session's copy is ctx().print_options

// What the repr shows beyond the values; the caller reads these from the autograd layer.
struct TensorReprExtras {
  std::string grad_fn_name;  // empty = no grad_fn ("Invalid" when reading grad_fn raised)
  bool requires_grad = false;
  bool is_parameter = false;  // nn.Parameter: "Parameter containing:\n" + repr
};

// Reads ctx().print_options and ctx().default_dtype (the dtype suffix depends on it).
std::string tensor_repr(const Tensor& t, const TensorReprExtras& extras);
std::string tensor_repr(const Tensor& t, const TensorReprExtras& extras, const PrintOptions& options);
// Only the bracketed body (_tensor_str), e.g. for grad values in the trace.
std::string tensor_body(const Tensor& t, int indent, const PrintOptions& options = {});
// torch.Size([2, 3]), torch.Size([])
std::string size_repr(const Shape& sizes);

// Note [Values a repr read] (trace/object_print.h): while one is alive, tensor_body notes the id of
// the storage of every tensor whose elements it formats, so the trace knows which tensors' values a
// library object's repr depends on. Scopes nest; the innermost one is noted into.
class ValuesRead {
 public:
  explicit ValuesRead(std::vector<int64_t>& storage_ids);
  ~ValuesRead();
  ValuesRead(const ValuesRead&) = delete;
  ValuesRead& operator=(const ValuesRead&) = delete;

 private:
  std::vector<int64_t>* outer_;
};

}  // namespace tp::format
