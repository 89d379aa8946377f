// One tensor's entry in a step ("tensors" in SCHEMA.md): the facts it is drawn from, gathered
// into plain fields, compared with what the last step showed member by member and written
// straight into the step (Note [Changed members]) — no JSON text is built to be compared or
// parsed again. A training loop has a few tensors that change at almost every statement.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "core/device.h"
#include "core/dtype.h"
#include "core/tensor.h"
#include "trace/json_writer.h"

namespace tp::trace {

struct TensorEntry {
  int64_t id = 0;
  int64_t object = -1;  // the Python object wrapping it, -1: none
  Shape sizes, strides;
  int64_t storage_offset = 0;
  DType dtype = DType::Float32;
  Device device;
  int64_t storage = 0, version_family = 0, version = 0;
  int64_t base = -1;  // _base, -1: not a view
  bool is_contiguous = true, requires_grad = false, is_leaf = true, retains_grad = false, is_parameter = false;
  int64_t grad_fn = -1, output_nr = 0, grad = -1;
  int64_t hooks = 0;
  uint64_t data_ptr = 0;
  int64_t repr_ref = -1;  // Note [Reprs on demand]

  // Every member but the repr_ref (which is frozen from these, the values and the print options).
  bool same_facts(const TensorEntry& o) const;
};

// Gathers `t`'s facts into `into` (reusing its vectors' memory); the repr members are untouched.
void gather_tensor_facts(const std::shared_ptr<TensorImpl>& t, int64_t object, TensorEntry& into);

// Writes `now` as a JSON object: every member when `before` is null, else its id and the members
// whose value differs from `before`'s.
void write_tensor_entry(JsonWriter& w, const TensorEntry& now, const TensorEntry* before);

// Gradient hooks hanging on a tensor: register_hook (on a leaf, kept on the tensor; on a non-leaf,
// on its grad_fn for its output) and register_post_accumulate_grad_hook.
int64_t hook_count(const TensorImpl& t);

}  // namespace tp::trace
