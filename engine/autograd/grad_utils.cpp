// Helpers shared by derivative formulas (see grad_utils.h).
#include "autograd/grad_utils.h"

#include <algorithm>
#include <map>

#include "autograd/functions.h"

namespace tp {

Tensor sum_to(const Tensor& grad, const Shape& shape) {
  if (grad.sizes() == shape) return grad;
  int64_t lead = grad.dim() - int64_t(shape.size());
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < lead; ++i) dims.push_back(i);
  for (size_t i = 0; i < shape.size(); ++i)
    if (shape[i] == 1 && grad.size(lead + int64_t(i)) != 1) dims.push_back(lead + int64_t(i));
  if (dims.empty()) return reshape(grad, shape);
  Tensor r = sum(grad, dims, /*keepdim=*/true, std::nullopt);
  if (lead > 0 || r.sizes() != shape) r = view(r, shape);
  return r;
}

namespace {

std::vector<int64_t> wrapped_sorted_dims(const std::vector<int64_t>& dims, size_t ndim) {
  std::vector<int64_t> out;
  if (dims.empty()) {
    for (size_t i = 0; i < ndim; ++i) out.push_back(int64_t(i));
  } else {
    for (int64_t d : dims) out.push_back(wrap_dim(d, int64_t(ndim)));
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

Tensor restore_reduced_dims(const Tensor& t, const Shape& sizes, const std::vector<int64_t>& dims, bool keepdim) {
  if (keepdim || sizes.empty()) return t;
  Tensor r = t;
  for (int64_t d : wrapped_sorted_dims(dims, sizes.size())) r = unsqueeze(r, d);
  return r;
}

Tensor sum_backward(const Tensor& grad, const Shape& sizes, const std::vector<int64_t>& dims, bool keepdim) {
  return expand(restore_reduced_dims(grad, sizes, dims, keepdim), sizes);
}

namespace {

// Storage index of every element (row-major) of a geometry.
std::vector<int64_t> storage_positions(const Geometry& g) {
  int64_t n = shape_numel(g.sizes);
  std::vector<int64_t> pos(size_t(std::max<int64_t>(n, 0)));
  std::vector<int64_t> idx(g.sizes.size(), 0);
  for (int64_t k = 0; k < n; ++k) {
    int64_t p = g.offset;
    for (size_t d = 0; d < idx.size(); ++d) p += idx[d] * g.strides[d];
    pos[size_t(k)] = p;
    for (int64_t d = int64_t(idx.size()) - 1; d >= 0; --d) {
      if (++idx[size_t(d)] < g.sizes[size_t(d)]) break;
      idx[size_t(d)] = 0;
    }
  }
  return pos;
}

}  // namespace

Tensor as_strided_backward(const Tensor& grad, const Geometry& input, const Geometry& output) {
  std::vector<int64_t> in_pos = storage_positions(input), out_pos = storage_positions(output);
  std::vector<double> g = values_of(grad);
  std::map<int64_t, double> acc;     // storage element -> gradient landing on it
  std::map<int64_t, int64_t> users;  // storage element -> input elements reading it
  for (size_t j = 0; j < out_pos.size(); ++j) acc[out_pos[j]] += g[j];
  for (int64_t p : in_pos) ++users[p];
  std::vector<double> r(in_pos.size(), 0.0);
  for (size_t i = 0; i < in_pos.size(); ++i) {
    auto it = acc.find(in_pos[i]);
    if (it != acc.end()) r[i] = it->second / double(users[in_pos[i]]);
  }
  return tensor_from_values(r, input.sizes, grad.dtype(), grad.device());
}

Tensor element_positions(const Shape& sizes) {
  int64_t n = shape_numel(sizes);
  std::vector<double> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v[size_t(i)] = double(i);
  return tensor_from_values(v, sizes, DType::Int64, Device{});
}

Tensor scatter_add_positions(const Tensor& grad, const Tensor& positions, const Shape& in_sizes) {
  std::vector<double> g = values_of(grad), p = values_of(positions);
  std::vector<double> r(size_t(shape_numel(in_sizes)), 0.0);
  for (size_t j = 0; j < g.size(); ++j) r[size_t(p[j])] += g[j];
  return tensor_from_values(r, in_sizes, grad.dtype(), grad.device());
}

Tensor zeros_like(const Tensor& t) { return native::zeros(t.sizes(), t.dtype(), t.device()); }
Tensor ones_like(const Tensor& t) { return native::ones(t.sizes(), t.dtype(), t.device()); }
Tensor scalar_tensor(double v) { return native::wrap_scalar(Scalar::from_double(v)); }

std::vector<double> values_of(const Tensor& t) {
  int64_t n = t.numel();
  std::vector<double> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v[size_t(i)] = t.double_at(t.storage_index_of(i));
  return v;
}

Tensor tensor_from_values(const std::vector<double>& v, const Shape& sizes, DType dtype, Device device) {
  Tensor t = make_empty(sizes, dtype, device);
  TP_DISPATCH_STORAGE(dtype, scalar_t, {
    auto* p = reinterpret_cast<scalar_t*>(t.raw(0));
    for (size_t i = 0; i < v.size(); ++i) p[i] = static_cast<scalar_t>(v[i]);
  });
  return t;
}

}  // namespace tp
