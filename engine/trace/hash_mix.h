// The trace's hashing: splitmix64's finaliser, which spreads ids and addresses over the per-step
// maps' slots, and a running hash (object fingerprints, a node's state, the frozen-repr dedup key).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace tp::trace {

inline uint64_t splitmix_finalise(uint64_t k) {  // ids and addresses are not random: spread them
  k ^= k >> 30;
  k *= 0xbf58476d1ce4e5b9ull;
  k ^= k >> 27;
  k *= 0x94d049bb133111ebull;
  return k ^ (k >> 31);
}

// Folds `v` into the running hash `h`: one rotate, xor and multiply (FxHash's step), where a
// splitmix round per value made hashing a tensor's facts a chain of 28 dependent multiplies.
// Each step is a bijection of the running hash (the multiplier is odd), so two sequences that
// differ in one value never hash alike; the values folded are ids and sizes, not chosen to collide.
inline uint64_t mix(uint64_t h, uint64_t v) {
  return (((h << 5) | (h >> 59)) ^ v) * 0x9e3779b97f4a7c15ull;
}

// Folds `n` bytes into `h`, eight at a time (and their count, so that trailing zeros count).
inline uint64_t mix_bytes(uint64_t h, const void* bytes, size_t n) {
  const auto* p = static_cast<const unsigned char*>(bytes);
  for (; n >= 8; p += 8, n -= 8) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    h = mix(h, v);
  }
  uint64_t rest = 0;
  std::memcpy(&rest, p, n);
  return mix(h, rest ^ (uint64_t(n) << 56));
}

}  // namespace tp::trace
