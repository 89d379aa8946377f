// Note [Object fingerprints]: the numbers an object's entry in a step is made of, so that an
// object that did not change costs a comparison instead of its JSON — and, for a library instance
// (an nn.Module, an optimizer), instead of its repr, which a training loop would otherwise rebuild
// at every statement. Equal fingerprints mean equal JSON.
#pragma once
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "python/value.h"

namespace tp::trace {

class ObjectPrinter {
 public:
  // `shown(o)`: whether the step lists `o` (containers list only the items that are drawn).
  // `options_epoch` moves when the print options or the default dtype change.
  template <class Shown>
  ObjectPrinter(const Shown& shown, uint64_t options_epoch)
      : shown_(&shown), is_shown_([](const void* f, const interp::Object* o) { return (*static_cast<const Shown*>(f))(o); }),
        options_epoch_(options_epoch) {}

  // Fills `p` with `o`'s fingerprint; false when its JSON can't be fingerprinted (it is then
  // serialised at every step: exceptions, NumPy arrays, instances whose repr reads native state).
  bool print(const interp::ObjPtr& o, std::vector<int64_t>& p);

 private:
  static constexpr uint64_t kVolatile = 0;  // a content hash never is 0 (see content_hash)
  // A hash of everything an instance's repr may read: the objects reachable from it (a module's
  // submodules and hyperparameters, an optimizer's param_groups) and the tensors among them.
  uint64_t content_hash(const interp::Object* o, int depth);

  const void* shown_;
  bool (*is_shown_)(const void*, const interp::Object*);
  uint64_t options_epoch_;
  std::unordered_map<const interp::Object*, uint64_t> hashes_;  // this step's, 1 while being computed
  size_t budget_ = 200000;  // objects hashed in one step, past it every instance is volatile
};

}  // namespace tp::trace
