// Note [float32 exp] proved over every float32: the engine's exp_float against the C library's
// expf for all 2^32 bit patterns, and exp_float_array against exp_float. In WebAssembly the library
// is musl's expf, the same algorithm, and every result must be the same bits (NaNs as NaN); natively
// it is glibc's, which prints the inputs its FMA build rounds differently (two, on an FMA machine).
// About 20 s natively, 50 s in WebAssembly:
//   cmake --build build/native --target tensorplay_exp_float_all && build/native/tensorplay_exp_float_all
//   cmake --build build/wasm --target tensorplay_exp_float_all_wasm &&
//     node --no-experimental-fetch build/wasm/tensorplay_exp_float_all_wasm.js
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "ops/math/exp_float.h"

namespace {

uint32_t bits_of(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}
bool same(float a, float b) { return bits_of(a) == bits_of(b) || (std::isnan(a) && std::isnan(b)); }

}  // namespace

int main() {
  constexpr uint32_t kBlock = 1 << 16;
  std::vector<float> x(kBlock), array_out(kBlock);
  uint64_t library_differs = 0, array_differs = 0;
  for (uint64_t base = 0; base < (uint64_t(1) << 32); base += kBlock) {
    for (uint32_t i = 0; i < kBlock; ++i) {
      const uint32_t b = uint32_t(base + i);
      std::memcpy(&x[i], &b, sizeof b);
    }
    tp::native::exp_float_array(x.data(), array_out.data(), kBlock);
    for (uint32_t i = 0; i < kBlock; ++i) {
      const float ours = tp::native::exp_float(x[i]), library = std::exp(x[i]);
      array_differs += !same(array_out[i], ours);
      if (!same(ours, library) && ++library_differs <= 10)
        std::printf("exp(%a): library %a, exp_float %a\n", double(x[i]), double(library), double(ours));
    }
  }
  std::printf("all 2^32 float32 inputs: exp_float differs from the library's expf on %llu, "
              "exp_float_array from exp_float on %llu\n",
              static_cast<unsigned long long>(library_differs), static_cast<unsigned long long>(array_differs));
#ifdef __EMSCRIPTEN__
  return library_differs == 0 && array_differs == 0 ? 0 : 1;  // musl's expf: the very same algorithm
#else
  return array_differs == 0 ? 0 : 1;
#endif
}
