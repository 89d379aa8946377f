// Note [Output layout]: an elementwise result takes its strides from its inputs the way
// TensorIterator allocates outputs (fast setup when all inputs share shape and a dense layout,
// otherwise the inputs' stride order via reorder_dimensions), so `(x.t() * 2).is_contiguous()` is
// False exactly as in PyTorch and a later `.view()` fails the same way.
#include <numeric>

#include "ops/iter.h"

namespace tp::native {

Shape output_strides(const std::vector<Tensor>& inputs, const Shape& shape, DType compute) {
  const int64_t ndim = int64_t(shape.size());
  // compute_types: a cpu input of another dtype is replaced by `.to(dtype)` (memory_format=preserve).
  std::vector<Shape> strides;
  for (const Tensor& t : inputs) {
    bool dense = is_non_overlapping_and_dense(t.sizes(), t.strides());
    strides.push_back(t.dtype() != compute && !dense ? infer_dense_strides(t.sizes(), t.strides()) : t.strides());
  }
  bool same_shape = true;
  for (const Tensor& t : inputs) same_shape &= t.sizes() == shape;
  if (same_shape) {  // compute_fast_setup_type
    bool contiguous = true, dense = true;
    for (size_t i = 0; i < inputs.size(); ++i) {
      Shape cs = contiguous_strides(shape);
      bool is_contig = shape_numel(shape) == 0;
      if (!is_contig) {
        is_contig = true;
        for (int64_t d = 0; d < ndim; ++d)
          if (shape[size_t(d)] != 1 && strides[i][size_t(d)] != cs[size_t(d)]) is_contig = false;
      }
      contiguous &= is_contig;
      dense &= is_non_overlapping_and_dense(shape, strides[i]);
    }
    if (contiguous) return contiguous_strides(shape);
    if (dense) {
      bool equal = true;
      for (size_t i = 1; i < strides.size(); ++i) equal &= strides[i] == strides[0];
      if (equal) return strides[0];
    }
  }
  if (ndim == 0) return {};
  // compute_strides: broadcast dims (and missing leading dims) get stride 0.
  std::vector<Shape> op(inputs.size(), Shape(size_t(ndim), 0));
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Shape& s = inputs[i].sizes();
    size_t off = size_t(ndim) - s.size();
    for (size_t d = 0; d < s.size(); ++d)
      op[i][off + d] = (s[d] == 1 && shape[off + d] != 1) ? 0 : strides[i][d];
  }
  // reorder_dimensions: perm[0] is the fastest dim.
  std::vector<int64_t> perm(static_cast<size_t>(ndim));
  for (int64_t d = 0; d < ndim; ++d) perm[size_t(d)] = ndim - 1 - d;
  auto should_swap = [&](int64_t d0, int64_t d1) {
    for (const Shape& st : op) {
      int64_t s0 = st[size_t(d0)], s1 = st[size_t(d1)];
      if (s0 == 0 || s1 == 0) continue;
      if (s0 < s1) return -1;
      if (s0 > s1) return 1;
      if (shape[size_t(d0)] > shape[size_t(d1)]) return 1;
    }
    return 0;
  };
  if (ndim > 1) {
    for (int64_t i = 1; i < ndim; ++i) {
      int64_t d1 = i;
      for (int64_t d0 = i - 1; d0 >= 0; --d0) {
        int c = should_swap(perm[size_t(d0)], perm[size_t(d1)]);
        if (c > 0) {
          std::swap(perm[size_t(d0)], perm[size_t(d1)]);
          d1 = d0;
        } else if (c < 0) {
          break;
        }
      }
    }
  }
  bool inverted = true;
  for (int64_t j = 0; j < ndim; ++j) inverted &= perm[size_t(j)] == ndim - j - 1;
  if (inverted) return contiguous_strides(shape);
  // allocate_or_resize_outputs: compatible_stride over the permuted shape, then invert_perm.
  Shape out(static_cast<size_t>(ndim));
  int64_t next = 1;
  for (int64_t j = 0; j < ndim; ++j) {
    out[size_t(perm[size_t(j)])] = next;
    next *= shape[size_t(perm[size_t(j)])];
  }
  return out;
}

}  // namespace tp::native
