// Note [Version counter families]: one counter is shared by a base tensor, its views and its
// detach()es; `.data` starts a new one. The counter, not the storage, is what saved tensors check,
// which is why mutation through `.data` escapes autograd's check while `detach()` does not.
#pragma once
#include <cstdint>
#include <memory>

namespace tp {

struct VersionCounter {
  explicit VersionCounter(int64_t family_id) : id(family_id) {}
  int64_t id;           // stable family id, drawn by the page
  int64_t version = 0;  // bumped by exactly one per in-place op
  void bump() { ++version; }
};

using VersionCounterPtr = std::shared_ptr<VersionCounter>;

}  // namespace tp
