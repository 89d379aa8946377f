#include "core/numpy_random_state.h"

#include <cmath>

namespace tp {

namespace {

// Smallest bit mask >= max (numpy's gen_mask).
uint64_t gen_mask(uint64_t max) {
  uint64_t mask = max;
  for (int shift = 1; shift <= 32; shift <<= 1) mask |= mask >> shift;
  return mask;
}

}  // namespace

void NumpyRandomState::seed(uint32_t s) {
  mt_.manual_seed(s);  // mt19937_seed: key[0] = seed, key[i] = 1812433253 * (...) + i
  has_gauss_ = false;
  gauss_ = 0.0;
}

double NumpyRandomState::random_sample() {
  int32_t a = int32_t(next32() >> 5), b = int32_t(next32() >> 6);
  return (a * 67108864.0 + b) / 9007199254740992.0;
}

double NumpyRandomState::gauss() {
  if (has_gauss_) {
    has_gauss_ = false;
    return gauss_;
  }
  double x1, x2, r2;
  do {
    x1 = 2.0 * random_sample() - 1.0;
    x2 = 2.0 * random_sample() - 1.0;
    r2 = x1 * x1 + x2 * x2;
  } while (r2 >= 1.0 || r2 == 0.0);
  double f = std::sqrt(-2.0 * std::log(r2) / r2);
  gauss_ = f * x1;  // kept for the next call
  has_gauss_ = true;
  return f * x2;
}

uint64_t NumpyRandomState::bounded(uint64_t off, uint64_t rng) {
  if (rng == 0) return off;
  if (rng <= 0xFFFFFFFFull) {  // 32-bit draws when the range fits
    if (rng == 0xFFFFFFFFull) return off + next32();
    uint64_t mask = gen_mask(rng), v;
    while ((v = (next32() & mask)) > rng) {}
    return off + v;
  }
  if (rng == ~0ull) return off + next64();
  uint64_t mask = gen_mask(rng), v;
  while ((v = (next64() & mask)) > rng) {}
  return off + v;
}

uint64_t NumpyRandomState::interval(uint64_t max) {
  if (max == 0) return 0;
  uint64_t mask = gen_mask(max), v;
  if (max <= 0xFFFFFFFFull) {
    while ((v = (next32() & mask)) > max) {}
  } else {
    while ((v = (next64() & mask)) > max) {}
  }
  return v;
}

}  // namespace tp
