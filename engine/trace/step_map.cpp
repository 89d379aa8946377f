#include "trace/step_map.h"

#include "trace/hash_mix.h"

namespace tp::trace {

std::pair<uint64_t*, bool> StepMap::try_emplace(uint64_t key, uint64_t value) {
  if ((size_ + 1) * 2 > slots_.size()) grow();
  Slot* s = probe(key);
  if (s->stamp == stamp_) return {&s->value, false};
  *s = Slot{key, value, stamp_};
  ++size_;
  return {&s->value, true};
}

uint64_t* StepMap::find(uint64_t key) {
  if (slots_.empty()) return nullptr;
  Slot* s = probe(key);
  return s->stamp == stamp_ ? &s->value : nullptr;
}

void StepMap::clear() {
  size_ = 0;
  if (++stamp_ == 0) {  // the stamp wrapped: slots of 2^32 clears ago would look alive
    for (Slot& s : slots_) s.stamp = 0;
    stamp_ = 1;
  }
}

// The slot holding `key`, or the empty one where it would go (slots_ is never full).
StepMap::Slot* StepMap::probe(uint64_t key) {
  const size_t mask = slots_.size() - 1;
  for (size_t i = splitmix_finalise(key) & mask;; i = (i + 1) & mask)
    if (slots_[i].stamp != stamp_ || slots_[i].key == key) return &slots_[i];
}

void StepMap::grow() {
  std::vector<Slot> old(slots_.size() ? slots_.size() * 2 : 64);
  old.swap(slots_);
  const uint32_t live = stamp_;
  stamp_ = 1;
  size_ = 0;
  for (const Slot& s : old)
    if (s.stamp == live) try_emplace(s.key, s.value);
}

}  // namespace tp::trace
