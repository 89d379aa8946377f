// A hash map from 64-bit keys (ids, addresses) for what one trace step builds and forgets: the
// objects it reached, the tensors and nodes it drew. std::unordered_map allocates a node per
// insert and frees it again at clear(), a hundred times per statement of a training loop; this
// one keeps its slots in one array (open addressing) and forgets them all by moving a stamp.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

namespace tp::trace {

template <class V>
class StepMap {
 public:
  // The value for `key`, inserting `value` if it is not there; .second is true when inserted.
  std::pair<V*, bool> try_emplace(uint64_t key, V value = V()) {
    if ((size_ + 1) * 2 > slots_.size()) grow();
    Slot* s = probe(key);
    if (s->stamp == stamp_) return {&s->value, false};
    *s = Slot{key, stamp_, std::move(value)};
    ++size_;
    return {&s->value, true};
  }
  bool insert(uint64_t key) { return try_emplace(key).second; }  // for a set: true when new

  V* find(uint64_t key) {
    if (slots_.empty()) return nullptr;
    Slot* s = probe(key);
    return s->stamp == stamp_ ? &s->value : nullptr;
  }
  bool contains(uint64_t key) const { return const_cast<StepMap*>(this)->find(key) != nullptr; }
  size_t size() const { return size_; }

  void clear() {
    size_ = 0;
    if (++stamp_ == 0) {  // the stamp wrapped: slots of 2^32 clears ago would look alive
      for (Slot& s : slots_) s.stamp = 0;
      stamp_ = 1;
    }
  }

 private:
  struct Slot {
    uint64_t key = 0;
    uint32_t stamp = 0;  // live in this generation when equal to stamp_
    V value{};
  };

  static uint64_t hash(uint64_t k) {  // splitmix64's finaliser: ids and addresses are not random
    k ^= k >> 30;
    k *= 0xbf58476d1ce4e5b9ull;
    k ^= k >> 27;
    k *= 0x94d049bb133111ebull;
    return k ^ (k >> 31);
  }

  // The slot holding `key`, or the empty one where it would go (slots_ is never full).
  Slot* probe(uint64_t key) {
    const size_t mask = slots_.size() - 1;
    for (size_t i = hash(key) & mask;; i = (i + 1) & mask)
      if (slots_[i].stamp != stamp_ || slots_[i].key == key) return &slots_[i];
  }

  void grow() {
    std::vector<Slot> old(slots_.size() ? slots_.size() * 2 : 64);
    old.swap(slots_);
    const uint32_t live = stamp_;
    stamp_ = 1;
    size_ = 0;
    for (Slot& s : old)
      if (s.stamp == live) try_emplace(s.key, std::move(s.value));
  }

  std::vector<Slot> slots_;
  uint32_t stamp_ = 1;
  size_t size_ = 0;
};

}  // namespace tp::trace
