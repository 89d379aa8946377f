// Helpers shared by derivative formulas (PyTorch's torch/csrc/autograd/FunctionsManual.cpp).
// Those built from tp:: ops stay differentiable (create_graph=True); the scatter helpers do not.
#pragma once
#include <vector>

#include "core/tensor.h"

namespace tp {

// A tensor's geometry over its storage, kept by view nodes (PyTorch's TensorGeometry).
struct Geometry {
  Shape sizes;
  Shape strides;
  int64_t offset = 0;
};
inline Geometry geometry_of(const Tensor& t) { return Geometry{t.sizes(), t.strides(), t.storage_offset()}; }

// Sums `grad` down to `shape` (the reverse of broadcasting): leading dims and size-1 dims.
Tensor sum_to(const Tensor& grad, const Shape& shape);
// Gradient of a reduction over `dims` (empty = all): re-inserts reduced dims, expands to `sizes`.
Tensor sum_backward(const Tensor& grad, const Shape& sizes, const std::vector<int64_t>& dims, bool keepdim);
// Re-inserts the reduced dims (size 1) so the result broadcasts against the input.
Tensor restore_reduced_dims(const Tensor& t, const Shape& sizes, const std::vector<int64_t>& dims, bool keepdim);
// Gradient of as_strided(input geometry -> output geometry) over the shared storage: each output
// gradient lands on the storage element it read; input elements sharing a storage element split it.
Tensor as_strided_backward(const Tensor& grad, const Geometry& input, const Geometry& output);
// 0..numel-1 as int64 in `sizes`: running a selection op on it tells which input element each
// output element came from.
Tensor element_positions(const Shape& sizes);
// zeros(in_sizes) with grad[j] added at flat input position positions[j] (index/masked_select backward).
Tensor scatter_add_positions(const Tensor& grad, const Tensor& positions, const Shape& in_sizes);
Tensor zeros_like(const Tensor& t);
Tensor ones_like(const Tensor& t);
// A Python number as a wrapped 0-dim tensor (keeps the other operand's float dtype in arithmetic).
Tensor scalar_tensor(double v);
// FunctionsManual.cpp norm_backward for a p-norm over `dims` (autograd/math/moments_norms.cpp); undefined for p = 0.
Tensor norm_backward(Tensor grad, const Tensor& self, double p, Tensor norm, const std::vector<int64_t>& dims,
                     bool keepdim);
// Row-major element values as double, and back (helpers for formulas written as loops).
std::vector<double> values_of(const Tensor& t);
Tensor tensor_from_values(const std::vector<double>& v, const Shape& sizes, DType dtype, Device device);

}  // namespace tp
