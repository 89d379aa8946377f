// View kernels (aten/src/ATen/native/TensorShape.cpp): new (sizes, strides, offset) over the SAME
// storage and version counter, never a copy. Messages are PyTorch's, word for word.
#include <algorithm>
#include <string>

#include "core/context.h"
#include "core/error.h"
#include "ops/native.h"
#include "ops/view_util.h"

namespace tp::native {

// Note [Views share everything but metadata]: a view keeps the storage and version counter and
// points `base` at the ROOT base, so a view of a view still reports the original as `_base`.
Tensor make_view(const Tensor& self, Shape sizes, Shape strides, int64_t storage_offset) {
  Tensor v = make_tensor(self.storage(), std::move(sizes), std::move(strides), storage_offset, self.dtype(),
                         self.impl()->version_counter);
  v.impl()->base = self.impl()->base ? self.impl()->base : self.impl_ptr();
  return v;
}

// "torch.FloatTensor" / "torch.cuda.FloatTensor": Tensor::toString() after Python's rewrite.
std::string legacy_tensor_type(const Tensor& t) {
  std::string dev = t.device().is_cpu() ? "" : t.device().type_name() + ".";
  return "torch." + dev + legacy_type_name(t.dtype());
}

Shape infer_size(const Shape& shape, int64_t numel) {
  Shape res = shape;
  int64_t newsize = 1;
  std::optional<size_t> infer_dim;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1) {
      TP_CHECK(!infer_dim, "only one dimension can be inferred");
      infer_dim = d;
    } else if (shape[d] >= 0) {
      newsize *= shape[d];
    } else {
      throw_runtime("invalid shape dimension " + std::to_string(shape[d]) + " at index " + std::to_string(d) +
                    " of shape " + shape_str(shape));
    }
  }
  if (numel == newsize || (infer_dim && newsize > 0 && numel % newsize == 0)) {
    if (infer_dim) {
      TP_CHECK(newsize != 0, "cannot reshape tensor of 0 elements into shape " + shape_str(shape) +
                                 " because the unspecified dimension size -1 can be any value and is ambiguous");
      res[*infer_dim] = numel / newsize;
    }
    return res;
  }
  throw_runtime("shape '" + shape_str(shape) + "' is invalid for input of size " + std::to_string(numel));
}

// at::detail::computeStride (aten/src/ATen/TensorUtils.cpp): walks the old dims from the right in
// "chunks" of memory-contiguous dims; each chunk must be exactly covered by consecutive new dims.
std::optional<Shape> compute_view_strides(const Shape& oldshape, const Shape& oldstride, const Shape& newshape) {
  if (oldshape.empty()) return Shape(newshape.size(), 1);
  int64_t numel = shape_numel(oldshape);
  if (numel == 0 && oldshape == newshape) return oldstride;
  Shape newstride(newshape.size());
  if (numel == 0) {
    for (int64_t d = int64_t(newshape.size()) - 1; d >= 0; --d) {
      if (d == int64_t(newshape.size()) - 1) newstride[size_t(d)] = 1;
      else newstride[size_t(d)] = std::max<int64_t>(newshape[size_t(d + 1)], 1) * newstride[size_t(d + 1)];
    }
    return newstride;
  }
  int64_t view_d = int64_t(newshape.size()) - 1;
  int64_t chunk_base_stride = oldstride.back();
  int64_t tensor_numel = 1, view_numel = 1;
  for (int64_t tensor_d = int64_t(oldshape.size()) - 1; tensor_d >= 0; --tensor_d) {
    tensor_numel *= oldshape[size_t(tensor_d)];
    if (tensor_d == 0 || (oldshape[size_t(tensor_d - 1)] != 1 &&
                          oldstride[size_t(tensor_d - 1)] != tensor_numel * chunk_base_stride)) {
      while (view_d >= 0 && (view_numel < tensor_numel || newshape[size_t(view_d)] == 1)) {
        newstride[size_t(view_d)] = view_numel * chunk_base_stride;
        view_numel *= newshape[size_t(view_d)];
        --view_d;
      }
      if (view_numel != tensor_numel) return std::nullopt;
      if (tensor_d > 0) {
        chunk_base_stride = oldstride[size_t(tensor_d - 1)];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  if (view_d != -1) return std::nullopt;
  return newstride;
}

Tensor view(const Tensor& self, const Shape& sizes) {
  Shape inferred = infer_size(sizes, self.numel());
  auto strides = compute_view_strides(self.sizes(), self.strides(), inferred);
  TP_CHECK(strides.has_value(),
           "view size is not compatible with input tensor's size and stride (at least one dimension spans "
           "across two contiguous subspaces). Use .reshape(...) instead.");
  return make_view(self, inferred, *strides, self.storage_offset());
}

Tensor as_strided(const Tensor& self, const Shape& sizes, const Shape& strides, std::optional<int64_t> storage_offset) {
  // make_tensor performs setStrided's checks (length, offset, storage bounds) with PyTorch's text.
  return make_view(self, sizes, strides, storage_offset.value_or(self.storage_offset()));
}

// at::inferExpandGeometry (aten/src/ATen/ExpandUtils.cpp).
Tensor expand(const Tensor& self, const Shape& sizes) {
  const Shape& tsizes = self.sizes();
  const Shape& tstrides = self.strides();
  TP_CHECK(sizes.size() >= tsizes.size(),
           "expand(" + legacy_tensor_type(self) + "{" + shape_str(tsizes) + "}, size=" + shape_str(sizes) +
               "): the number of sizes provided (" + std::to_string(sizes.size()) +
               ") must be greater or equal to the number of dimensions in the tensor (" +
               std::to_string(tsizes.size()) + ")");
  int64_t ndim = int64_t(sizes.size()), tdim = int64_t(tsizes.size());
  Shape out_sizes(sizes.size()), out_strides(sizes.size());
  if (tdim == 0) {  // a 0-dim tensor expands with all-zero strides
    for (int64_t i = 0; i < ndim; ++i)
      TP_CHECK(sizes[size_t(i)] != -1,
               "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension " +
                   std::to_string(i));
    return make_view(self, sizes, out_strides, self.storage_offset());
  }
  for (int64_t i = ndim - 1; i >= 0; --i) {
    int64_t offset = ndim - 1 - i;
    int64_t dim = tdim - 1 - offset;
    int64_t size = dim >= 0 ? tsizes[size_t(dim)] : 1;
    int64_t stride = dim >= 0 ? tstrides[size_t(dim)]
                              : (i + 1 < ndim ? out_sizes[size_t(i + 1)] * out_strides[size_t(i + 1)] : 1);
    int64_t target = sizes[size_t(i)];
    if (target == -1) {
      TP_CHECK(dim >= 0, "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension " +
                             std::to_string(i));
      target = size;
    }
    if (size != target) {
      TP_CHECK(size == 1, "The expanded size of the tensor (" + std::to_string(target) +
                              ") must match the existing size (" + std::to_string(size) +
                              ") at non-singleton dimension " + std::to_string(i) + ".  Target sizes: " +
                              shape_str(sizes) + ".  Tensor sizes: " + shape_str(tsizes));
      size = target;
      stride = 0;
    }
    out_sizes[size_t(i)] = size;
    out_strides[size_t(i)] = stride;
  }
  return make_view(self, out_sizes, out_strides, self.storage_offset());
}

ViewGeometry transpose_geometry(const Tensor& self, int64_t dim0, int64_t dim1) {
  int64_t n = self.dim();
  dim0 = wrap_dim(dim0, n);
  dim1 = wrap_dim(dim1, n);
  ViewGeometry g{self.sizes(), self.strides()};
  if (n > 0) {
    std::swap(g.sizes[size_t(dim0)], g.sizes[size_t(dim1)]);
    std::swap(g.strides[size_t(dim0)], g.strides[size_t(dim1)]);
  }
  return g;
}

Tensor transpose(const Tensor& self, int64_t dim0, int64_t dim1) {
  ViewGeometry g = transpose_geometry(self, dim0, dim1);
  return make_view(self, g.sizes, g.strides, self.storage_offset());
}

void check_t(const Tensor& self, const char* fn) {
  TP_CHECK(self.dim() <= 2,
           std::string(fn) + " expects a tensor with <= 2 dimensions, but self is " + std::to_string(self.dim()) + "D");
}

Tensor t(const Tensor& self) {
  check_t(self, "t()");
  return transpose(self, 0, self.dim() < 2 ? 0 : 1);
}

Tensor permute(const Tensor& self, const Shape& dims) {
  int64_t n = self.dim();
  TP_CHECK(int64_t(dims.size()) == n,
           "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the "
           "desired ordering of dimensions i.e. input.dim() = " +
               std::to_string(n) + " is not equal to len(dims) = " + std::to_string(dims.size()));
  Shape sizes(dims.size()), strides(dims.size());
  std::vector<bool> seen(dims.size(), false);
  for (size_t i = 0; i < dims.size(); ++i) {
    int64_t d = wrap_dim(dims[i], n);
    TP_CHECK(!seen[size_t(d)], "permute(): duplicate dims are not allowed.");
    seen[size_t(d)] = true;
    sizes[i] = self.sizes()[size_t(d)];
    strides[i] = self.strides()[size_t(d)];
  }
  return make_view(self, sizes, strides, self.storage_offset());
}

// inferSqueezeGeometry: drops size-1 dims (all of them, or those listed).
ViewGeometry squeeze_geometry(const Tensor& self) {
  ViewGeometry g;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (self.sizes()[size_t(d)] == 1) continue;
    g.sizes.push_back(self.sizes()[size_t(d)]);
    g.strides.push_back(self.strides()[size_t(d)]);
  }
  return g;
}

ViewGeometry squeeze_geometry(const Tensor& self, const std::vector<int64_t>& dims) {
  int64_t n = self.dim();
  std::vector<bool> drop(size_t(std::max<int64_t>(n, 1)), false);
  for (int64_t d : dims) {
    int64_t w = wrap_dim(d, n);
    if (n > 0 && self.sizes()[size_t(w)] == 1) drop[size_t(w)] = true;
  }
  ViewGeometry g;
  for (int64_t d = 0; d < n; ++d) {
    if (drop[size_t(d)]) continue;
    g.sizes.push_back(self.sizes()[size_t(d)]);
    g.strides.push_back(self.strides()[size_t(d)]);
  }
  return g;
}

// inferUnsqueezeGeometry: the new dim's stride keeps the tensor contiguous where it was.
ViewGeometry unsqueeze_geometry(const Tensor& self, int64_t dim) {
  dim = wrap_dim(dim, self.dim() + 1);
  ViewGeometry g{self.sizes(), self.strides()};
  int64_t new_stride = dim >= self.dim() ? 1 : g.sizes[size_t(dim)] * g.strides[size_t(dim)];
  g.sizes.insert(g.sizes.begin() + dim, 1);
  g.strides.insert(g.strides.begin() + dim, new_stride);
  return g;
}

// TensorShape.cpp movedim: each source dim goes to its destination, the others keep their order
// in the remaining places. A 0-dim tensor gives an empty order (movedim is then alias()).
Shape movedim_order(const Tensor& self, const Shape& src, const Shape& dst) {
  TP_CHECK(src.size() == dst.size(), "movedim: Invalid source or destination dims: source (" + shape_str(src) +
                                         " dims) should contain the same number of dims as destination (" +
                                         shape_str(dst) + " dims)");
  int64_t n = self.dim();
  Shape nsrc, ndst;
  for (int64_t d : src) nsrc.push_back(wrap_dim(d, n));
  for (int64_t d : dst) ndst.push_back(wrap_dim(d, n));
  auto all_unique = [](Shape dims) {
    std::sort(dims.begin(), dims.end());
    return std::adjacent_find(dims.begin(), dims.end()) == dims.end();
  };
  TP_CHECK(all_unique(nsrc), "movedim: repeated dim in `source` (" + shape_str(src) + ")");
  TP_CHECK(all_unique(ndst), "movedim: repeated dim in `destination` (" + shape_str(dst) + ")");
  if (n == 0) return {};
  Shape order(size_t(n), -1);
  std::vector<bool> src_used(size_t(n), false);
  for (size_t i = 0; i < nsrc.size(); ++i) {
    order[size_t(ndst[i])] = nsrc[i];
    src_used[size_t(nsrc[i])] = true;
  }
  int64_t next_src = 0;
  for (auto& o : order) {
    if (o != -1) continue;
    while (src_used[size_t(next_src)]) ++next_src;
    o = next_src++;
  }
  return order;
}

Tensor squeeze(const Tensor& self) {
  ViewGeometry g = squeeze_geometry(self);
  return make_view(self, g.sizes, g.strides, self.storage_offset());
}

Tensor squeeze(const Tensor& self, const std::vector<int64_t>& dims) {
  ViewGeometry g = squeeze_geometry(self, dims);
  return make_view(self, g.sizes, g.strides, self.storage_offset());
}

Tensor unsqueeze(const Tensor& self, int64_t dim) {
  ViewGeometry g = unsqueeze_geometry(self, dim);
  return make_view(self, g.sizes, g.strides, self.storage_offset());
}

Tensor slice(const Tensor& self, int64_t dim, std::optional<int64_t> start, std::optional<int64_t> end, int64_t step) {
  TP_CHECK_INDEX(self.dim() > 0, "slice() cannot be applied to a 0-dim tensor.");
  dim = wrap_dim(dim, self.dim());
  TP_CHECK(step > 0, "slice step must be positive");
  Shape sizes = self.sizes(), strides = self.strides();
  int64_t n = sizes[size_t(dim)];
  int64_t s = start.value_or(0), e = end.value_or(INT64_MAX);
  if (s < 0) s += n;
  if (e < 0) e += n;
  if (s < 0) s = 0;
  else if (s >= n) s = n;
  if (e < s) e = s;
  else if (e >= n) e = n;
  int64_t offset = self.storage_offset() + s * strides[size_t(dim)];
  sizes[size_t(dim)] = (e - s + step - 1) / step;
  strides[size_t(dim)] *= step;
  return make_view(self, sizes, strides, offset);
}

Tensor narrow(const Tensor& self, int64_t dim, int64_t start, int64_t length) {
  TP_CHECK(self.dim() > 0, "narrow() cannot be applied to a 0-dim tensor.");
  TP_CHECK(length >= 0, "narrow(): length must be non-negative.");
  dim = wrap_dim(dim, self.dim());
  int64_t cur = self.sizes()[size_t(dim)];
  TP_CHECK_INDEX(-cur <= start && start <= cur, "start out of range (expected to be in range of [" +
                                                    std::to_string(-cur) + ", " + std::to_string(cur) +
                                                    "], but got " + std::to_string(start) + ")");
  if (start < 0) start += cur;
  TP_CHECK(start <= cur - length, "start (" + std::to_string(start) + ") + length (" + std::to_string(length) +
                                      ") exceeds dimension size (" + std::to_string(cur) + ").");
  return slice(self, dim, start, start + length, 1);
}

// Note [select's message]: Python indexing `x[5]` reaches here (TensorIndexing.h applySelect words
// it as below); the direct `x.select(0, 5)` text is select_index_error() for callers that want it.
Tensor select(const Tensor& self, int64_t dim, int64_t index) {
  TP_CHECK_INDEX(self.dim() > 0,
                 "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to "
                 "convert a 0-dim tensor to a number");
  dim = wrap_dim(dim, self.dim());
  int64_t size = self.sizes()[size_t(dim)];
  TP_CHECK_INDEX(index >= -size && index < size, "index " + std::to_string(index) +
                                                     " is out of bounds for dimension " + std::to_string(dim) +
                                                     " with size " + std::to_string(size));
  if (index < 0) index += size;
  Shape sizes = self.sizes(), strides = self.strides();
  int64_t offset = self.storage_offset() + index * strides[size_t(dim)];
  sizes.erase(sizes.begin() + dim);
  strides.erase(strides.begin() + dim);
  return make_view(self, sizes, strides, offset);
}

Tensor unfold(const Tensor& self, int64_t dim, int64_t size, int64_t step) {
  int64_t n = self.dim();
  int64_t d = wrap_dim(dim, n);
  int64_t max_size = n == 0 ? 1 : self.sizes()[size_t(d)];
  TP_CHECK(size <= max_size, "maximum size for tensor at dimension " + std::to_string(d) + " is " +
                                 std::to_string(max_size) + " but size is " + std::to_string(size));
  TP_CHECK(step > 0, "step is " + std::to_string(step) + " but must be > 0");
  Shape sizes(size_t(n + 1)), strides(size_t(n + 1));
  sizes[size_t(n)] = size;
  strides[size_t(n)] = n == 0 ? 1 : self.strides()[size_t(d)];
  for (int64_t k = 0; k < n; ++k) {
    if (k == d) {
      sizes[size_t(k)] = (self.sizes()[size_t(k)] - size) / step + 1;
      strides[size_t(k)] = step * self.strides()[size_t(k)];
    } else {
      sizes[size_t(k)] = self.sizes()[size_t(k)];
      strides[size_t(k)] = self.strides()[size_t(k)];
    }
  }
  return make_view(self, sizes, strides, self.storage_offset());
}

Tensor alias(const Tensor& self) { return make_view(self, self.sizes(), self.strides(), self.storage_offset()); }

Tensor diagonal(const Tensor& self, int64_t offset, int64_t dim1_, int64_t dim2_) {
  int64_t n = self.dim();
  int64_t dim1 = wrap_dim(dim1_, n), dim2 = wrap_dim(dim2_, n);
  TP_CHECK(dim1 != dim2, "diagonal dimensions cannot be identical " + std::to_string(dim1_) + ", " + std::to_string(dim2_));
  int64_t s1 = self.sizes()[size_t(dim1)], s2 = self.sizes()[size_t(dim2)];
  int64_t diag = offset >= 0 ? std::max<int64_t>(std::min(s1, s2 - offset), 0)
                             : std::max<int64_t>(std::min(s1 + offset, s2), 0);
  int64_t storage_offset = self.storage_offset();
  if (diag > 0) {
    if (offset >= 0) storage_offset += offset * self.strides()[size_t(dim2)];
    else storage_offset -= offset * self.strides()[size_t(dim1)];
  }
  Shape sizes = self.sizes(), strides = self.strides();
  int64_t diag_stride = strides[size_t(dim1)] + strides[size_t(dim2)];
  int64_t hi = std::max(dim1, dim2), lo = std::min(dim1, dim2);
  sizes.erase(sizes.begin() + hi);
  strides.erase(strides.begin() + hi);
  sizes.erase(sizes.begin() + lo);
  strides.erase(strides.begin() + lo);
  sizes.push_back(diag);
  strides.push_back(diag_stride);
  return make_view(self, sizes, strides, storage_offset);
}

std::vector<Tensor> split(const Tensor& self, int64_t split_size, int64_t dim) {
  TP_CHECK(self.dim() != 0, "split expects at least a 1-dimensional tensor");
  TP_CHECK(split_size >= 0, "split expects split_size be non-negative, but got split_size=" + std::to_string(split_size));
  dim = wrap_dim(dim, self.dim());
  int64_t dim_size = self.sizes()[size_t(dim)];
  TP_CHECK(split_size > 0 || dim_size == 0,
           "split_size can only be 0 if dimension size is 0, but got dimension size of " + std::to_string(dim_size));
  int64_t num_splits = 1;
  if (split_size != 0) num_splits = std::max<int64_t>((dim_size + split_size - 1) / split_size, 1);
  int64_t last = split_size - (split_size * num_splits - dim_size);
  std::vector<Tensor> out;
  for (int64_t i = 0; i < num_splits; ++i)
    out.push_back(narrow(self, dim, i * split_size, i < num_splits - 1 ? split_size : last));
  return out;
}

std::vector<Tensor> split_with_sizes(const Tensor& self, const Shape& sizes, int64_t dim) {
  TP_CHECK(self.dim() != 0, "split expects at least a 1-dimensional tensor");
  dim = wrap_dim(dim, self.dim());
  int64_t dim_size = self.sizes()[size_t(dim)];
  int64_t total = 0;
  for (int64_t s : sizes) {
    TP_CHECK(s >= 0, "split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=" +
                         shape_str(sizes));
    total += s;
  }
  TP_CHECK(total == dim_size, "split_with_sizes expects split_sizes to sum exactly to " + std::to_string(dim_size) +
                                  " (input tensor's size at dimension " + std::to_string(dim) +
                                  "), but got split_sizes=" + shape_str(sizes));
  std::vector<Tensor> out;
  int64_t start = 0;
  for (int64_t s : sizes) {
    out.push_back(slice(self, dim, start, start + s, 1));
    start += s;
  }
  return out;
}

std::vector<Tensor> chunk(const Tensor& self, int64_t chunks, int64_t dim) {
  TP_CHECK(self.dim() > 0, "chunk expects at least a 1-dimensional tensor");
  TP_CHECK(chunks > 0, "chunk expects `chunks` to be greater than 0, got: " + std::to_string(chunks));
  dim = wrap_dim(dim, self.dim());
  int64_t dim_size = self.sizes()[size_t(dim)];
  int64_t split_size = (dim_size + chunks - 1) / chunks;
  if (split_size == 0 && dim_size == 0) {
    Shape sizes(size_t(chunks), split_size);
    sizes.back() = split_size - (split_size * chunks - dim_size);
    return split_with_sizes(self, sizes, dim);
  }
  return split(self, split_size, dim);
}

std::vector<Tensor> unbind(const Tensor& self, int64_t dim) {
  dim = wrap_dim(dim, self.dim());  // a 0-dim tensor wraps -1/0 to 0, then size(0) fails
  TP_CHECK_INDEX(self.dim() > 0, "Dimension specified as " + std::to_string(dim) + " but tensor has no dimensions");
  std::vector<Tensor> out;
  for (int64_t i = 0; i < self.sizes()[size_t(dim)]; ++i) out.push_back(select(self, dim, i));
  return out;
}

Tensor detach(const Tensor& self) {
  return make_tensor(self.storage(), self.sizes(), self.strides(), self.storage_offset(), self.dtype(),
                     self.impl()->version_counter);
}

Tensor data(const Tensor& self) {
  return make_tensor(self.storage(), self.sizes(), self.strides(), self.storage_offset(), self.dtype(),
                     ctx().new_version_counter());
}

}  // namespace tp::native
