// Triangles and diagonals that copy (TriangularOps.cpp tril/triu, TensorShape.cpp diag_embed and
// diagonal_copy): fresh contiguous results, version 0, never views.
#include "core/context.h"
#include "core/error.h"
#include "ops/native.h"

namespace tp::native {

namespace {

// mask[i][j] over the last two dims: kept elements of tril (j - i <= k) or triu (j - i >= k).
Tensor triangle_mask(int64_t rows, int64_t cols, int64_t k, bool lower, Device device) {
  Tensor mask = make_empty({rows, cols}, DType::Bool, device);
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j) {
      bool keep = lower ? j - i <= k : j - i >= k;
      mask.set_at(i * cols + j, Scalar::from_bool(keep));
    }
  return mask;
}

Tensor triangle(const Tensor& self, int64_t k, bool lower) {
  TP_CHECK(self.dim() >= 2, std::string(lower ? "tril" : "triu") + ": input tensor must have at least 2 dimensions");
  Tensor mask = triangle_mask(self.size(-2), self.size(-1), k, lower, self.device());
  Tensor zero = zeros({}, self.dtype(), self.device());
  return contiguous(where(mask, self, zero));  // aten's tril/triu always return a contiguous tensor
}

// Copies src's elements in row-major order into fresh `dst` positions given by `dst_index(i)`.
template <class F>
void scatter_elements(const Tensor& src, const Tensor& dst, F dst_index) {
  for (int64_t i = 0; i < src.numel(); ++i) dst.set_at(dst_index(i), src.scalar_at(src.storage_index_of(i)));
}

}  // namespace

Tensor tril(const Tensor& self, int64_t diagonal) { return triangle(self, diagonal, true); }
Tensor triu(const Tensor& self, int64_t diagonal) { return triangle(self, diagonal, false); }

void check_diag_dims(const Tensor& self) {
  TP_CHECK(self.dim() == 1 || self.dim() == 2,
           "diag(): Supports 1D or 2D tensors. Got " + std::to_string(self.dim()) + "D");
}

// diag_embed of a 1-D tensor (dims -2, -1): an (n + |offset|)-square matrix with self on the
// offset-th diagonal.
Tensor diag_embed(const Tensor& self, int64_t offset) {
  int64_t n = self.size(0) + (offset < 0 ? -offset : offset);
  Tensor out = zeros({n, n}, self.dtype(), self.device());
  int64_t row0 = offset < 0 ? -offset : 0, col0 = offset > 0 ? offset : 0;
  scatter_elements(self, out, [&](int64_t i) { return (row0 + i) * n + col0 + i; });
  return out;
}

Tensor diagonal_copy(const Tensor& self, int64_t offset, int64_t dim1, int64_t dim2) {
  Tensor view = diagonal(self, offset, dim1, dim2);
  Tensor out = make_empty(view.sizes(), self.dtype(), self.device());
  scatter_elements(view, out, [](int64_t i) { return i; });
  return out;
}

}  // namespace tp::native
