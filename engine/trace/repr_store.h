// Tensor reprs the trace formats only when asked (Note [Reprs on demand], SCHEMA.md). A step
// freezes what a repr depends on — the tensor's elements, sizes, dtype, device, autograd suffix,
// the print options and default dtype of that moment — and hands out a number, `repr_ref`; the
// page asks for the text of the few it shows. Formatting every changed tensor at every step was
// most of a trace's time (a 1,000-element tensor written 1,000 times: a million printf calls).
#pragma once
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/dtype.h"
#include "core/print_options.h"
#include "core/tensor.h"
#include "format/tensor_str.h"

namespace tp::trace {

class ReprStore {
 public:
  // Frozen copies past this many bytes (all refs together) are formatted at once instead: a
  // program that rewrites a big tensor at every step must not keep every version of it.
  explicit ReprStore(size_t max_frozen_bytes = size_t(64) << 20) : max_frozen_bytes_(max_frozen_bytes) {}

  // A new ref for `t` as it is now. Reads ctx() (print options, default dtype).
  int64_t freeze(const Tensor& t, const format::TensorReprExtras& extras);
  // A new ref whose text is already known.
  int64_t add_formatted(std::string repr);
  // The repr of a ref (formatted on first ask, then kept); "" for a ref this store never gave.
  // Needs the session's context installed (ContextGuard), as formatting reads it.
  const std::string& repr(int64_t ref);
  size_t size() const { return entries_.size(); }
  void clear();

 private:
  struct Entry {
    std::shared_ptr<TensorImpl> copy;  // contiguous copy of the elements, on a storage of its own
    format::TensorReprExtras extras;
    PrintOptions options;
    DType default_dtype = DType::Float32;
    std::string repr;
    bool formatted = false;
  };
  size_t max_frozen_bytes_, frozen_bytes_ = 0;
  std::deque<Entry> entries_;  // a deque: a long trace appends 100,000s without moving them
  // Small tensors frozen with equal contents share one ref: a backward pass through a chain of
  // 150,000 nodes sends the same `tensor(1.)` 300,000 times.
  std::unordered_map<std::string, int64_t> small_;
  std::string none_;
};

}  // namespace tp::trace
