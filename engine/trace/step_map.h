// A hash map from 64-bit keys (ids, addresses) to 64-bit values, for what one trace step builds
// and forgets: the objects it reached, the tensors and nodes it drew. std::unordered_map allocates
// a node per insert and frees it again at clear(), a hundred times per statement of a training
// loop; this one keeps its slots in one array (open addressing) and forgets them all by moving a
// stamp. One class for the sets and maps alike: a template per value type made the .wasm larger.
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace tp::trace {

class StepMap {
 public:
  // The value for `key`, inserting `value` if it is not there; .second is true when inserted.
  // The pointer is good until the next insert.
  std::pair<uint64_t*, bool> try_emplace(uint64_t key, uint64_t value = 0);
  bool insert(uint64_t key) { return try_emplace(key).second; }  // for a set: true when new
  uint64_t* find(uint64_t key);
  bool contains(uint64_t key) const { return const_cast<StepMap*>(this)->find(key) != nullptr; }
  size_t size() const { return size_; }
  void clear();

 private:
  struct Slot {
    uint64_t key = 0;
    uint64_t value = 0;
    uint32_t stamp = 0;  // live in this generation when equal to stamp_
  };
  Slot* probe(uint64_t key);
  void grow();

  std::vector<Slot> slots_;
  uint32_t stamp_ = 1;
  size_t size_ = 0;
};

}  // namespace tp::trace
