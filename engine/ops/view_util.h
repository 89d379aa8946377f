// Private helpers shared by the ops/*.cpp kernels (not part of the public kernel API).
#pragma once
#include <string>
#include <vector>

#include "core/tensor.h"

namespace tp::native {

// A view of `self` with new geometry: same storage and version counter, base = root base.
Tensor make_view(const Tensor& self, Shape sizes, Shape strides, int64_t storage_offset);
// Tensor::toString() as Python shows it: "torch.FloatTensor", "torch.cuda.LongTensor".
std::string legacy_tensor_type(const Tensor& t);

// New sizes/strides of a view op (same offset), shared by the view and its in-place form (t_, squeeze_...).
struct ViewGeometry {
  Shape sizes;
  Shape strides;
};
ViewGeometry transpose_geometry(const Tensor& self, int64_t dim0, int64_t dim1);
ViewGeometry squeeze_geometry(const Tensor& self);
ViewGeometry squeeze_geometry(const Tensor& self, const std::vector<int64_t>& dims);
ViewGeometry unsqueeze_geometry(const Tensor& self, int64_t dim);
// "t() expects a tensor with <= 2 dimensions, but self is 3D" (fn = "t()" or "t_()").
void check_t(const Tensor& self, const char* fn);

}  // namespace tp::native
