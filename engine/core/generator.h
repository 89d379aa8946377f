// PyTorch's CPU generator: mt19937 plus the cached normal sample (CPUGeneratorImpl).
#pragma once
#include <cstdint>
#include <optional>

namespace tp {

class Generator {
 public:
  Generator() { manual_seed(67280421310721ull); }  // PyTorch's default_rng_seed_val
  void manual_seed(uint64_t seed);
  uint64_t initial_seed() const { return seed_; }
  uint32_t random();    // one 32-bit output
  uint64_t random64();  // (first << 32) | second
  std::optional<double> next_double_normal_sample;  // cached by the scalar Box-Muller path
  std::optional<float> next_float_normal_sample;

 private:
  uint64_t seed_ = 0;
  uint32_t state_[624];
  int index_ = 624;
};

}  // namespace tp
