// Blocked, vectorised matrix product (see gemm.h). Both operands are packed into small contiguous
// panels, and a register tile of MR x NR outputs is computed by a micro-kernel written with the
// compilers' generic 16-byte vectors (GCC/Clang vector extensions): SSE2 natively, fixed-width
// SIMD128 in WebAssembly (-msimd128; no relaxed SIMD, so results do not depend on the machine).
//
// Note [gemm summation order]
// Every output is accumulated exactly as the scalar loop
//     acc = 0;  for p = 0 .. k-1:  acc = acc + a[i][p] * b[p][j]      (one rounding for *, one for +)
// in the operands' dtype: k is never split or reordered, only i and j are blocked, so the result
// does not depend on the blocking, the vector width, the operands' strides or the machine, and the
// native build and the WebAssembly module print the same bits. Why this order: it is the order of
// a BLAS micro-kernel for k within one cache block (MKL/OpenBLAS accumulate each output along k
// from zero, then apply alpha/beta), which is what PyTorch's results for the small matrices of
// lessons and goldens come from. Why mul + add and not a fused multiply-add: BLAS uses FMA on
// AVX2 machines (and not on others: PyTorch's own last bits depend on its CPU), but WebAssembly
// without relaxed SIMD has no FMA instruction, and std::fma there is a software routine ~50x slower
// than mul + add. The engine used fmaf before; every golden and lesson program prints the same with
// mul + add. The file is compiled with -ffp-contract=off (CMakeLists.txt) so that no compiler
// fuses the two operations on a machine that has FMA.
#include "ops/math/gemm.h"

#include <algorithm>
#include <cstring>
#include <type_traits>
#include <utility>
#include <vector>

namespace tp::native {

namespace {

template <class T>
struct Tile {
  static constexpr int kLanes = 16 / int(sizeof(T));
  typedef T Vec __attribute__((vector_size(16)));
  static constexpr int MR = 4;           // rows of the register tile
  static constexpr int NR = 2 * kLanes;  // columns: two vectors (8 accumulators in all)

  static Vec load(const T* p) {
    Vec v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  // One lane per index: a loop writing v[l] is not unrolled by Clang 14 for WebAssembly, which
  // then splats through memory (100x slower).
  template <size_t... I>
  static Vec splat(T s, std::index_sequence<I...>) {
    return Vec{(void(I), s)...};
  }
  static Vec splat(T s) { return splat(s, std::make_index_sequence<size_t(kLanes)>()); }

  // c (MR x NR, row-major) = ap (k x MR, packed) @ bp (k x NR, packed), k in order (the Note).
  static void compute(int64_t k, const T* ap, const T* bp, T* c) {
    Vec c00 = {}, c01 = {}, c10 = {}, c11 = {}, c20 = {}, c21 = {}, c30 = {}, c31 = {};
    for (int64_t p = 0; p < k; ++p, ap += MR, bp += NR) {
      const Vec b0 = load(bp), b1 = load(bp + kLanes);
      Vec a = splat(ap[0]);
      c00 = c00 + a * b0;
      c01 = c01 + a * b1;
      a = splat(ap[1]);
      c10 = c10 + a * b0;
      c11 = c11 + a * b1;
      a = splat(ap[2]);
      c20 = c20 + a * b0;
      c21 = c21 + a * b1;
      a = splat(ap[3]);
      c30 = c30 + a * b0;
      c31 = c31 + a * b1;
    }
    const Vec rows[MR][2] = {{c00, c01}, {c10, c11}, {c20, c21}, {c30, c31}};
    std::memcpy(c, rows, sizeof rows);
  }
};

template <class T>
void blocked_gemm(int64_t n, int64_t m, int64_t k, const T* a, int64_t a_rs, int64_t a_cs, const T* b, int64_t b_rs,
                  int64_t b_cs, T* out, int64_t o_rs, int64_t o_cs) {
  using K = Tile<T>;
  constexpr int MR = K::MR, NR = K::NR;
  constexpr int64_t MC = 64;  // rows of a packed at once (64 x k stays in L2 for the sizes we see)
  if (n <= 0 || m <= 0) return;
  // b packed once: panel jp holds columns [jp*NR, jp*NR + NR) as k rows of NR (zeros past m).
  const int64_t panels = (m + NR - 1) / NR;
  std::vector<T> bpack(size_t(panels * k * NR), T(0));
  for (int64_t jp = 0; jp < panels; ++jp) {
    const int64_t j0 = jp * NR, nc = std::min<int64_t>(NR, m - j0);
    T* dst = bpack.data() + jp * k * NR;
    for (int64_t p = 0; p < k; ++p)
      for (int64_t jj = 0; jj < nc; ++jj) dst[p * NR + jj] = b[p * b_rs + (j0 + jj) * b_cs];
  }
  std::vector<T> apack(size_t(std::min(n, MC) + MR) * size_t(k));
  alignas(16) T c[MR * NR];
  for (int64_t i0 = 0; i0 < n; i0 += MC) {
    const int64_t mc = std::min(MC, n - i0), strips = (mc + MR - 1) / MR;
    // a's rows [i0, i0 + mc) packed as strips of MR rows, k columns each (zeros past n).
    for (int64_t s = 0; s < strips; ++s) {
      T* dst = apack.data() + s * k * MR;
      for (int64_t ii = 0; ii < MR; ++ii) {
        const int64_t i = i0 + s * MR + ii;
        if (i < i0 + mc)
          for (int64_t p = 0; p < k; ++p) dst[p * MR + ii] = a[i * a_rs + p * a_cs];
        else
          for (int64_t p = 0; p < k; ++p) dst[p * MR + ii] = T(0);
      }
    }
    for (int64_t jp = 0; jp < panels; ++jp) {
      const int64_t j0 = jp * NR, nc = std::min<int64_t>(NR, m - j0);
      for (int64_t s = 0; s < strips; ++s) {
        K::compute(k, apack.data() + s * k * MR, bpack.data() + jp * k * NR, c);
        const int64_t r0 = i0 + s * MR, nr = std::min<int64_t>(MR, n - r0);
        for (int64_t ii = 0; ii < nr; ++ii)
          for (int64_t jj = 0; jj < nc; ++jj) out[(r0 + ii) * o_rs + (j0 + jj) * o_cs] = c[ii * NR + jj];
      }
    }
  }
}

}  // namespace

template <class T>
void gemm(int64_t n, int64_t m, int64_t k, const T* a, int64_t a_rs, int64_t a_cs, const T* b, int64_t b_rs,
          int64_t b_cs, T* out, int64_t o_rs, int64_t o_cs) {
  if constexpr (std::is_integral_v<T> && sizeof(T) < 8) {
    // Note [Narrow integer gemm]: integer matmuls are rare, so the narrow types share the 64-bit
    // kernel instead of a ~6-11 KB WebAssembly instantiation each. The operands are widened (sign-
    // or zero-extended, which keeps every value mod 2^bits), multiplied and summed in uint64 and
    // truncated back: truncation mod 2^bits commutes with + and *, so every output has exactly
    // the bits the wrapping arithmetic of T gives, as PyTorch's integer matmul wraps.
    std::vector<uint64_t> wa(size_t(n * k)), wb(size_t(k * m)), wo(size_t(n * m));
    for (int64_t i = 0; i < n; ++i)
      for (int64_t p = 0; p < k; ++p) wa[size_t(i * k + p)] = uint64_t(int64_t(a[i * a_rs + p * a_cs]));
    for (int64_t p = 0; p < k; ++p)
      for (int64_t j = 0; j < m; ++j) wb[size_t(p * m + j)] = uint64_t(int64_t(b[p * b_rs + j * b_cs]));
    blocked_gemm<uint64_t>(n, m, k, wa.data(), k, 1, wb.data(), m, 1, wo.data(), m, 1);
    using U = std::make_unsigned_t<T>;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < m; ++j) {
        const U bits = U(wo[size_t(i * m + j)]);  // the low bits; then reinterpreted as T
        std::memcpy(&out[i * o_rs + j * o_cs], &bits, sizeof(T));
      }
  } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    // Signed integers wrap in PyTorch, but overflowing a signed lane is undefined in C++: compute
    // in the unsigned type of the same width, whose wrapping gives the same two's-complement bits
    // (signed and unsigned variants of a type may alias).
    using U = std::make_unsigned_t<T>;
    blocked_gemm<U>(n, m, k, reinterpret_cast<const U*>(a), a_rs, a_cs, reinterpret_cast<const U*>(b), b_rs, b_cs,
                    reinterpret_cast<U*>(out), o_rs, o_cs);
  } else {
    blocked_gemm<T>(n, m, k, a, a_rs, a_cs, b, b_rs, b_cs, out, o_rs, o_cs);
  }
}

#define TP_GEMM(T)                                                                                              \
  template void gemm<T>(int64_t, int64_t, int64_t, const T*, int64_t, int64_t, const T*, int64_t, int64_t, T*, \
                        int64_t, int64_t);
TP_GEMM(uint8_t)
TP_GEMM(int8_t)
TP_GEMM(int16_t)
TP_GEMM(int32_t)
TP_GEMM(int64_t)
TP_GEMM(float)
TP_GEMM(double)
#undef TP_GEMM

}  // namespace tp::native
