// CopySlices: see copy_slices.h.
#include "autograd/copy_slices.h"

#include "autograd/graph.h"
#include "core/context.h"
#include "ops/native.h"

namespace tp {

CopySlices::CopySlices(const Tensor& base, const Tensor& view, std::shared_ptr<Node> f)
    : base_geometry(geometry_of(base)), view_geometry(geometry_of(view)), fn(std::move(f)) {
  // Edge 0 goes to the base's previous history instead of the view; the others are fn's.
  next_edges.push_back(gradient_edge(base));
  for (size_t i = 1; i < fn->next_edges.size(); ++i) next_edges.push_back(fn->next_edges[i]);
}

namespace {

// A fresh tensor with exactly these sizes and strides (new_empty_strided).
Tensor empty_strided(const Shape& sizes, const Shape& strides, DType dtype, Device device) {
  int64_t extent = 1;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == 0) { extent = 0; break; }
    extent += (sizes[i] - 1) * strides[i];
  }
  auto storage = ctx().new_storage(device, size_t(extent) * itemsize(dtype));
  return make_tensor(storage, sizes, strides, 0, dtype, ctx().new_version_counter());
}

}  // namespace

TensorList CopySlices::apply(TensorList&& grads) {
  const Tensor& grad = grads[0];
  TensorList out(next_edges.size());
  if (!grad.defined()) return out;
  Tensor result = empty_strided(base_geometry.sizes, base_geometry.strides, grad.dtype(), grad.device());
  native::copy_(result, grad);
  Tensor slice = native::as_strided(result, view_geometry.sizes, view_geometry.strides,
                                    view_geometry.offset - base_geometry.offset);
  TensorList res = fn->apply({native::contiguous(native::clone(slice))});
  for (size_t i = 0; i < res.size() && i < out.size(); ++i) {
    if (!should_compute_output(i)) continue;
    if (i == 0) {
      if (res[0].defined()) native::copy_(slice, res[0]);
      else native::zero_(slice);
      out[0] = result;
    } else {
      out[i] = res[i];
    }
  }
  return out;
}

}  // namespace tp
