#include "ops/math/exp_float.h"

#include <cmath>
#include <cstring>

namespace tp::native {

// Note [float32 exp]
// ~~~~~~~~~~~~~~~~~~
// float32 exp is Arm's optimized-routines expf (MIT licence), the algorithm both glibc and musl
// (Emscripten's libc) ship as expf: x/ln2 = k/32 + r, exp(x) = 2^(k/32) * p(r) in double precision,
// 2^(k/32) from a 32-entry table, rounded once to float (error 0.502 ulp). Written out here so the
// compiler can inline it into the loop and vectorise it: two double lanes per instruction in
// WebAssembly's simd128 and in SSE2. Through the library call the WebAssembly loop was 1.6x the
// native one (bench-kernels.mjs); inlined, both got faster.
//
// The results are musl's expf bit for bit, for every one of the 2^32 float inputs (bench/
// exp_float_all.cpp checks them all in WebAssembly), so the page prints what it printed before.
// Natively they now match the page too: glibc's expf is the same code compiled with FMA where the
// CPU has it, which rounds two of the 2^32 inputs differently. This file is compiled with
// -ffp-contract=off (CMakeLists.txt) so that no build fuses a multiply and an add, the FMA that
// would change those last bits. |x| >= 88 and NaN, where the result overflows, underflows or is
// special, go to the library.

namespace {

constexpr int kTableBits = 5;
constexpr double kN = 1 << kTableBits;
// kTable[i] = bits(2^(i/32)) - (i << 47): adding k << 47 to kTable[k % 32] gives bits(2^(k/32)).
constexpr uint64_t kTable[1 << kTableBits] = {
    0x3ff0000000000000, 0x3fefd9b0d3158574, 0x3fefb5586cf9890f, 0x3fef9301d0125b51,
    0x3fef72b83c7d517b, 0x3fef54873168b9aa, 0x3fef387a6e756238, 0x3fef1e9df51fdee1,
    0x3fef06fe0a31b715, 0x3feef1a7373aa9cb, 0x3feedea64c123422, 0x3feece086061892d,
    0x3feebfdad5362a27, 0x3feeb42b569d4f82, 0x3feeab07dd485429, 0x3feea47eb03a5585,
    0x3feea09e667f3bcd, 0x3fee9f75e8ec5f74, 0x3feea11473eb0187, 0x3feea589994cce13,
    0x3feeace5422aa0db, 0x3feeb737b0cdc5e5, 0x3feec49182a3f090, 0x3feed503b23e255d,
    0x3feee89f995ad3ad, 0x3feeff76f2fb5e47, 0x3fef199bdd85529c, 0x3fef3720dcef9069,
    0x3fef5818dcfba487, 0x3fef7c97337b9b5f, 0x3fefa4afa2a490da, 0x3fefd0765b6e4540,
};
constexpr double kInvLn2N = 0x1.71547652b82fep+0 * kN;
constexpr double kShift = 0x1.8p+52;  // adding it rounds to an integer, ties to even
constexpr double kC0 = 0x1.c6af84b912394p-5 / kN / kN / kN;
constexpr double kC1 = 0x1.ebfce50fac4f3p-3 / kN / kN;
constexpr double kC2 = 0x1.62e42ff0c52d6p-1 / kN;

// The inputs the polynomial answers: expf's own test on the top 12 bits says the same, |x| < 88.
inline bool in_range(float x) { return std::fabs(x) < 88.0f; }  // false for NaN

inline float exp_in_range(float x) {
  double z = kInvLn2N * double(x);
  double kd = z + kShift;
  uint64_t ki;
  std::memcpy(&ki, &kd, sizeof ki);
  kd -= kShift;
  double r = z - kd;
  uint64_t t = kTable[ki % (1 << kTableBits)] + (ki << (52 - kTableBits));
  double s;
  std::memcpy(&s, &t, sizeof s);
  double y = (kC0 * r + kC1) * (r * r) + (kC2 * r + 1);
  return float(y * s);
}

}  // namespace

float exp_float(float x) { return in_range(x) ? exp_in_range(x) : std::exp(x); }

void exp_float_array(const float* x, float* out, int64_t n) {
  // Blocks whose inputs are all in range run the branch-free loop the compiler vectorises; a block
  // holding a large or NaN input runs element by element.
  constexpr int64_t kBlock = 256;
  for (int64_t start = 0; start < n; start += kBlock) {
    const int64_t len = n - start < kBlock ? n - start : kBlock;
    const float* in = x + start;
    float* to = out + start;
    int32_t out_of_range = 0;  // a count, not a flag: a sum is a reduction compilers vectorise
    for (int64_t i = 0; i < len; ++i) out_of_range += !in_range(in[i]);
    if (out_of_range == 0)
      for (int64_t i = 0; i < len; ++i) to[i] = exp_in_range(in[i]);
    else
      for (int64_t i = 0; i < len; ++i) to[i] = exp_float(in[i]);
  }
}

}  // namespace tp::native
