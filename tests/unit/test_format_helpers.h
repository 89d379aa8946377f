// Tensors for the format/ tests, built with core only (make_empty + set_at) so these tests do not
// depend on the ops kernels.
#pragma once
#include <vector>

#include "core/context.h"
#include "core/tensor.h"

namespace tp::test {

// A contiguous tensor holding `values` (row-major), cast to `dtype` like set_at does.
inline Tensor values_tensor(const Shape& shape, const std::vector<double>& values, DType dtype = DType::Float32,
                            Device device = Device{}) {
  Tensor t = make_empty(shape, dtype, device);
  for (size_t i = 0; i < values.size(); ++i) {
    const double v = values[i];
    Scalar s = is_floating(dtype) ? Scalar::from_double(v)
               : dtype == DType::Bool ? Scalar::from_bool(v != 0)
                                      : Scalar::from_int(int64_t(v));
    t.set_at(t.storage_index_of(int64_t(i)), s);
  }
  return t;
}

inline Tensor vec(const std::vector<double>& values, DType dtype = DType::Float32) {
  return values_tensor({int64_t(values.size())}, values, dtype);
}

// start, start+1, ... (torch.arange) in the given shape.
inline Tensor arange_tensor(const Shape& shape, DType dtype, double start = 0) {
  std::vector<double> v(size_t(shape_numel(shape)));
  for (size_t i = 0; i < v.size(); ++i) v[i] = start + double(i);
  return values_tensor(shape, v, dtype);
}

// A view with explicit sizes/strides/offset over t's storage (as_strided).
inline Tensor strided_view(const Tensor& t, Shape sizes, Shape strides, int64_t offset = 0) {
  return make_tensor(t.storage(), std::move(sizes), std::move(strides), offset, t.dtype(), t.impl()->version_counter);
}

}  // namespace tp::test
