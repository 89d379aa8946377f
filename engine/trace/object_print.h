// Note [Object fingerprints]: the numbers an object's entry in a step is made of, so that an
// object that did not change costs a comparison instead of its JSON — and, for a library instance
// (an nn.Module, an optimizer), instead of its repr, which a training loop would otherwise rebuild
// at every statement. Equal fingerprints mean equal JSON (a fingerprint is a 64-bit hash: two
// different ones collide once in 2^64 comparisons).
//
// Note [Values a repr read]: a library repr prints a tensor's values only by formatting it (an
// optimizer whose lr is a tensor); a module's parameters and an optimizer's params are never
// printed. So a tensor reachable from an instance adds its values' state (the storage's
// write_count and the version) to the fingerprint only once some repr the trace took has
// formatted that storage (format::ValuesRead): `opt.step()` writes every parameter, and the module
// and optimizer reprs stay as they were. Whether a repr formats a tensor follows from what the
// fingerprint already hashes (the attributes, and the values it formatted), so a change that
// makes it format a new one moves the fingerprint first.
#pragma once
#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/tensor.h"
#include "python/value.h"
#include "trace/step_map.h"

namespace tp::trace {

class ObjectPrinter {
 public:
  // `shown(o)`: whether the step lists `o` (containers list only the items that are drawn).
  // `options_epoch` moves when the print options or the default dtype change. `values_read`: the
  // storages whose elements a repr the trace took has formatted (Note [Values a repr read]).
  // `hashes`: where this step's content hashes are kept (cleared here; the caller keeps its memory).
  template <class Shown>
  ObjectPrinter(const Shown& shown, uint64_t options_epoch, const std::unordered_set<int64_t>& values_read,
                StepMap& hashes)
      : shown_(&shown), is_shown_([](const void* f, const interp::Object* o) { return (*static_cast<const Shown*>(f))(o); }),
        options_epoch_(options_epoch), values_read_(values_read), hashes_(hashes) {
    hashes_.clear();
  }

  // `o`'s fingerprint, as a hash of the numbers its JSON is made of (never 0); 0 when its JSON
  // can't be fingerprinted (it is then serialised at every step: exceptions, NumPy arrays,
  // instances whose repr reads native state).
  uint64_t print(const interp::ObjPtr& o);

 private:
  static constexpr uint64_t kVolatile = 0;  // a content hash never is 0 (see content_hash)
  // A hash of everything an instance's repr may read: the objects reachable from it (a module's
  // submodules and hyperparameters, an optimizer's param_groups) and the tensors among them.
  uint64_t content_hash(const interp::Object* o, int depth);
  uint64_t leaf_hash(const interp::Object* o, int depth);  // of an object leaf_kind() says reaches no other
  uint64_t tensor_hash(uint64_t h, const Tensor& t, bool values_printable) const;

  const void* shown_;
  bool (*is_shown_)(const void*, const interp::Object*);
  uint64_t options_epoch_;
  const std::unordered_set<int64_t>& values_read_;
  StepMap& hashes_;  // by object address: this step's, 1 while being computed
  size_t budget_ = 200000;  // objects hashed in one step, past it every instance is volatile
};

}  // namespace tp::trace
