// The Python object of an engine object (a tensor's TensorObj, a node's NodeObj), held weakly so
// that `x.grad is x.grad` holds while the object lives and nothing is kept alive by the cache.
#pragma once
#include <algorithm>
#include <memory>
#include <unordered_map>

#include "python/value.h"

namespace tp::interp {

template <class Key>
class WeakObjectCache {
 public:
  ObjPtr find(const Key* key) const {
    auto it = map_.find(key);
    return it == map_.end() ? nullptr : it->second.lock();
  }
  void insert(const Key* key, const ObjPtr& object) {
    map_[key] = object;
    // Dead entries are swept when the map has doubled since the last sweep: O(1) per insertion
    // amortised. (Sweeping at every insertion past a fixed size made each new tensor cost
    // O(live tensors) once a program held more than a few thousand.)
    if (map_.size() >= sweep_at_) {
      for (auto i = map_.begin(); i != map_.end();) i = i->second.expired() ? map_.erase(i) : std::next(i);
      sweep_at_ = std::max<size_t>(2 * map_.size(), 1024);
    }
  }

 private:
  std::unordered_map<const Key*, std::weak_ptr<Object>> map_;
  size_t sweep_at_ = 1024;
};

}  // namespace tp::interp
