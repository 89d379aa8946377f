// numpy's legacy RandomState streams (numpy/random/mtrand.pyx on the MT19937 bit generator):
// integer seeds use mt19937_seed (the same init_genrand as PyTorch's generator), doubles take 53
// bits from two draws, normals use the polar Box-Muller with the second value cached (legacy_gauss),
// bounded integers use masked rejection sampling (random_bounded_uint64_fill with use_masked).
#pragma once
#include <cstdint>

#include "core/generator.h"

namespace tp {

class NumpyRandomState {
 public:
  explicit NumpyRandomState(uint32_t seed) { this->seed(seed); }
  void seed(uint32_t s);
  uint32_t next32() { return mt_.random(); }
  uint64_t next64() { return mt_.random64(); }  // (first << 32) | second, as mt19937_next64
  double random_sample();                       // legacy_double: [0, 1) with 53 bits
  double gauss();                               // legacy_gauss
  // One draw in [off, off + rng] (random_bounded_uint64_fill, masked, count 1).
  uint64_t bounded(uint64_t off, uint64_t rng);
  // random_interval: a value in [0, max] by masked rejection (shuffle, permutation).
  uint64_t interval(uint64_t max);

 private:
  Generator mt_;
  bool has_gauss_ = false;
  double gauss_ = 0.0;
};

}  // namespace tp
