#include "core/generator.h"

namespace tp {

// Note: identical stream to std::mt19937(seed & 0xffffffff) (aten/src/ATen/core/MT19937RNGEngine.h).
void Generator::manual_seed(uint64_t seed) {
  seed_ = seed;
  state_[0] = uint32_t(seed & 0xffffffffu);
  for (int j = 1; j < 624; ++j)
    state_[j] = 1812433253u * (state_[j - 1] ^ (state_[j - 1] >> 30)) + uint32_t(j);
  index_ = 624;
  next_double_normal_sample.reset();
  next_float_normal_sample.reset();
}

uint32_t Generator::random() {
  if (index_ >= 624) {
    for (int i = 0; i < 624; ++i) {
      uint32_t y = (state_[i] & 0x80000000u) | (state_[(i + 1) % 624] & 0x7fffffffu);
      state_[i] = state_[(i + 397) % 624] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
    }
    index_ = 0;
  }
  uint32_t y = state_[index_++];
  y ^= (y >> 11);
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= (y >> 18);
  return y;
}

uint64_t Generator::random64() {
  uint64_t hi = random();
  uint64_t lo = random();
  return (hi << 32) | lo;
}

}  // namespace tp
