// Private: a row-major walk over N operands of one shape, one innermost row at a time, for the
// rarely used elementwise kernels (addcmul/addcdiv, addr, where, the integer-division zero check).
// Note [Strided rows]: xtensor's strided iterators cost ~2-6 KB of WebAssembly per element type
// and kernel; this walk is a small odometer over the outer dimensions and leaves the inner row to
// a plain loop in the caller. It visits elements in the same row-major order as those iterators.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "core/error.h"
#include "ops/iter.h"

namespace tp::native {

// Calls row(off, n, step) for every innermost row of g[0]'s shape (every operand has that shape):
// element i of the row is at element index off[k] + i * step[k] of operand k's buffer. A 0-d
// shape is one row of one element; an empty shape has no rows.
template <size_t N, class F>
void for_each_row(const std::array<const Geometry*, N>& g, F&& row) {
  const Shape& sizes = g[0]->sizes;
  for (const Geometry* x : g) TP_INTERNAL_ASSERT(x->sizes == sizes, "for_each_row: shapes differ");
  std::array<int64_t, N> off{}, step{};
  for (size_t k = 0; k < N; ++k) off[k] = g[k]->offset;
  const size_t nd = sizes.size();
  if (nd == 0) return row(off, int64_t(1), step);
  if (shape_numel(sizes) == 0) return;
  for (size_t k = 0; k < N; ++k) step[k] = g[k]->strides[nd - 1];
  std::vector<int64_t> index(nd - 1, 0);  // position in the outer dimensions
  for (;;) {
    row(off, sizes[nd - 1], step);
    size_t d = nd - 1;
    for (; d-- > 0;) {  // odometer step over the outer dimensions, last first
      for (size_t k = 0; k < N; ++k) off[k] += g[k]->strides[d];
      if (++index[d] < sizes[d]) break;
      for (size_t k = 0; k < N; ++k) off[k] -= g[k]->strides[d] * sizes[d];
      index[d] = 0;
    }
    if (d == size_t(-1)) return;
  }
}

// Operand k's buffer as T elements (index 0 is the buffer's start, before the operand's offset).
template <class T>
T* elements(const Geometry& g) {
  return reinterpret_cast<T*>(g.base);
}

}  // namespace tp::native
