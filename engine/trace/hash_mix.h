// The trace's one hash function: splitmix64's finaliser, and a running hash built on it (object
// fingerprints, the frozen-repr dedup key, the per-step maps' slots).
#pragma once
#include <cstdint>

namespace tp::trace {

inline uint64_t splitmix_finalise(uint64_t k) {  // ids and addresses are not random: spread them
  k ^= k >> 30;
  k *= 0xbf58476d1ce4e5b9ull;
  k ^= k >> 27;
  k *= 0x94d049bb133111ebull;
  return k ^ (k >> 31);
}

// Folds `v` into the running hash `h`.
inline uint64_t mix(uint64_t h, uint64_t v) {
  return splitmix_finalise(h ^ (v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2)));
}

}  // namespace tp::trace
