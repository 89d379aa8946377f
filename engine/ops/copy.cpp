// Kernels that allocate: copy_,
// reshape/flatten (a view when computeStride allows it), cat/stack and item().
#include <string>

#include "core/context.h"
#include "core/error.h"
#include "ops/iter.h"
#include "ops/native.h"
#include "ops/view_util.h"

namespace tp::native {

namespace {

// Fills a fresh `out` (same sizes as self) with self's values converted to out's dtype.
Tensor copy_into_fresh(const Tensor& self, Tensor out) {
  convert_copy(geometry_of(out), geometry_of(self));
  return out;
}

// aten/src/ATen/MemoryOverlap.cpp get_overlap_status, for two tensors.
enum class Overlap { No, Full, Partial, TooHard };
Overlap overlap_status(const Tensor& a, const Tensor& b) {
  if (a.is_same(b)) return Overlap::Full;
  if (a.numel() == 0 || b.numel() == 0) return Overlap::No;
  if (!is_non_overlapping_and_dense(a.sizes(), a.strides()) || !is_non_overlapping_and_dense(b.sizes(), b.strides()))
    return Overlap::TooHard;
  if (a.storage() == b.storage()) {
    int64_t a0 = a.storage_offset() * int64_t(a.element_size()), a1 = a0 + a.numel() * int64_t(a.element_size());
    int64_t b0 = b.storage_offset() * int64_t(b.element_size()), b1 = b0 + b.numel() * int64_t(b.element_size());
    if (a0 == b0 && a1 == b1) return a.strides() == b.strides() ? Overlap::Full : Overlap::Partial;
    if (a0 < b1 && b0 < a1) return Overlap::Partial;
  }
  return Overlap::No;
}

}  // namespace

void check_no_partial_overlap(const Tensor& out, const Tensor& input) {
  TP_CHECK(overlap_status(out, input) != Overlap::Partial,
           "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single "
           "memory location. Please clone() the tensor before performing the operation.");
}

// clone / contiguous / to live in ops/memory_format.cpp (they allocate in a memory format).

// aten/src/ATen/native/Copy.cpp copy_impl + TensorIterator's shape and overlap checks.
void copy_(const Tensor& self, const Tensor& src) {
  check_no_internal_overlap(self);
  Shape shape = broadcast_shapes(self.sizes(), src.sizes());
  TP_CHECK(shape == self.sizes(), "output with shape " + shape_str(self.sizes()) +
                                      " doesn't match the broadcast shape " + shape_str(shape));
  bool same_data = self.is_same(src) ||
                   (self.storage() == src.storage() && self.storage_offset() == src.storage_offset() &&
                    self.strides() == src.strides() && self.sizes() == src.sizes() && self.dtype() == src.dtype());
  if (!same_data) {
    check_no_partial_overlap(self, src);
    // Through a scratch copy so overlapping (TooHard) sources are read before anything is written.
    Scratch tmp = make_scratch(src.sizes(), self.dtype());
    convert_copy(tmp.geom, geometry_of(src));
    convert_copy(geometry_of(self), broadcast_geometry(tmp.geom, self.sizes()));
  }
  self.bump_version();
}

Tensor reshape(const Tensor& self, const Shape& sizes) {
  Shape shape = infer_size(sizes, self.numel());
  if (auto strides = compute_view_strides(self.sizes(), self.strides(), shape))
    return make_view(self, shape, *strides, self.storage_offset());
  // at::_unsafe_view(self.clone(contiguous), shape): a fresh tensor, not a view.
  Tensor c = copy_into_fresh(self, make_empty(self.sizes(), self.dtype(), self.device()));
  return make_tensor(c.storage(), shape, contiguous_strides(shape), 0, c.dtype(), c.impl()->version_counter);
}

Tensor flatten(const Tensor& self, int64_t start_dim, int64_t end_dim) {
  start_dim = wrap_dim(start_dim, self.dim());
  end_dim = wrap_dim(end_dim, self.dim());
  TP_CHECK(start_dim <= end_dim, "flatten() has invalid args: start_dim cannot come after end_dim");
  if (self.dim() == 0) return reshape(self, {1});
  if (start_dim == end_dim) return self;
  Shape shape;
  for (int64_t d = 0; d < start_dim; ++d) shape.push_back(self.sizes()[size_t(d)]);
  int64_t prod = 1;
  for (int64_t d = start_dim; d <= end_dim; ++d) prod *= self.sizes()[size_t(d)];
  shape.push_back(prod);
  for (int64_t d = end_dim + 1; d < self.dim(); ++d) shape.push_back(self.sizes()[size_t(d)]);
  return reshape(self, shape);
}

// aten/src/ATen/native/TensorShape.cpp cat (TORCH_META_FUNC(cat) checks); legacy 1-D empty
// tensors (shape [0]) are skipped like PyTorch does.
Tensor cat(const std::vector<Tensor>& tensors, int64_t dim) {
  TP_CHECK(!tensors.empty(), "torch.cat(): expected a non-empty list of Tensors");
  for (size_t i = 0; i < tensors.size(); ++i)
    TP_CHECK(tensors[i].dim() > 0, "zero-dimensional tensor (at position " + std::to_string(i) +
                                       ") cannot be concatenated");
  auto skipped = [](const Tensor& t) { return t.dim() == 1 && t.numel() == 0; };
  size_t ref = 0;
  while (ref < tensors.size() && skipped(tensors[ref])) ++ref;
  if (ref == tensors.size()) ref = 0;
  const Tensor& first = tensors[ref];
  dim = wrap_dim(dim, first.dim());
  DType dt = tensors[0].dtype();
  for (const Tensor& t : tensors) dt = promote_types(dt, t.dtype());
  Device dev = tensors[0].device();
  for (size_t i = 1; i < tensors.size(); ++i)
    TP_CHECK(tensors[i].device() == dev, "Expected all tensors to be on the same device, but found at least two "
                                         "devices, " + dev.str() + " and " + tensors[i].device().str() + "!");
  int64_t total = 0;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const Tensor& t = tensors[i];
    if (skipped(t)) continue;
    TP_CHECK(t.dim() == first.dim(), "Tensors must have same number of dimensions: got " +
                                         std::to_string(first.dim()) + " and " + std::to_string(t.dim()));
    for (int64_t d = 0; d < t.dim(); ++d) {
      if (d == dim) continue;
      TP_CHECK(t.sizes()[size_t(d)] == first.sizes()[size_t(d)],
               "Sizes of tensors must match except in dimension " + std::to_string(dim) + ". Expected size " +
                   std::to_string(first.sizes()[size_t(d)]) + " but got size " + std::to_string(t.sizes()[size_t(d)]) +
                   " for tensor number " + std::to_string(i) + " in the list.");
    }
    total += t.sizes()[size_t(dim)];
  }
  Shape shape = first.sizes();
  shape[size_t(dim)] = total;
  Tensor out = make_empty(shape, dt, dev);
  Geometry og = geometry_of(out);
  int64_t pos = 0;
  for (const Tensor& t : tensors) {
    if (skipped(t)) continue;
    Geometry part = og;
    part.sizes = t.sizes();
    part.offset = pos * og.strides[size_t(dim)];
    convert_copy(part, geometry_of(t));
    pos += t.sizes()[size_t(dim)];
  }
  return out;
}

Tensor stack(const std::vector<Tensor>& tensors, int64_t dim) {
  TP_CHECK(!tensors.empty(), "stack expects a non-empty TensorList");
  for (size_t i = 1; i < tensors.size(); ++i)
    TP_CHECK(tensors[i].sizes() == tensors[0].sizes(),
             "stack expects each tensor to be equal size, but got " + shape_str(tensors[0].sizes()) +
                 " at entry 0 and " + shape_str(tensors[i].sizes()) + " at entry " + std::to_string(i));
  dim = wrap_dim(dim, tensors[0].dim() + 1);
  std::vector<Tensor> parts;
  for (const Tensor& t : tensors) parts.push_back(unsqueeze(t, dim));
  return cat(parts, dim);
}

Scalar item(const Tensor& self) {
  TP_CHECK(self.numel() == 1,
           "a Tensor with " + std::to_string(self.numel()) + " elements cannot be converted to Scalar");
  return self.scalar_at(self.storage_offset());
}

}  // namespace tp::native
