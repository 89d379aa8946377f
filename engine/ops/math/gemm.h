// The matrix-product kernel behind mm / mv / dot / bmm / addmm and conv2d: a blocked, vectorised
// out = a @ b in the operands' dtype (Note [gemm summation order] in gemm.cpp).
#pragma once
#include <cstdint>

namespace tp::native {

// out (n x m) = a (n x k) @ b (k x m); element (i, j) of x is x[i * x_rs + j * x_cs]. T is one of
// the engine's arithmetic element types (not bool). out must not overlap a or b.
template <class T>
void gemm(int64_t n, int64_t m, int64_t k, const T* a, int64_t a_rs, int64_t a_cs, const T* b, int64_t b_rs,
          int64_t b_cs, T* out, int64_t o_rs, int64_t o_cs);

}  // namespace tp::native
