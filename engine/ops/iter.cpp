// Operand geometry, scratch buffers and the dtype-converting strided copy every kernel builds on.
#include "ops/iter.h"

#include <algorithm>
#include <numeric>

#include "core/context.h"
#include "core/error.h"
#include "ops/xt_view.h"

namespace tp::native {

Geometry geometry_of(const Tensor& t) {
  Geometry g;
  g.base = t.storage()->data();
  g.capacity = t.storage()->nbytes() / t.element_size();
  g.sizes = t.sizes();
  g.strides = t.strides();
  g.offset = t.storage_offset();
  g.dtype = t.dtype();
  return g;
}

Geometry broadcast_geometry(const Geometry& g, const Shape& sizes) {
  Geometry out = g;
  out.sizes = sizes;
  out.strides.assign(sizes.size(), 0);
  size_t lead = sizes.size() - g.sizes.size();
  for (size_t i = 0; i < g.sizes.size(); ++i)
    out.strides[lead + i] = g.sizes[i] == 1 && sizes[lead + i] != 1 ? 0 : g.strides[i];
  return out;
}

Scratch make_scratch(const Shape& sizes, DType dtype) {
  Scratch s;
  size_t n = size_t(shape_numel(sizes));
  s.words.assign((n * itemsize(dtype) + 7) / 8 + 1, 0);
  s.geom.base = reinterpret_cast<uint8_t*>(s.words.data());
  s.geom.capacity = n;
  s.geom.sizes = sizes;
  s.geom.strides = contiguous_strides(sizes);
  s.geom.offset = 0;
  s.geom.dtype = dtype;
  return s;
}

namespace {
inline float float_of(Half h) { return float(h); }
inline double float_of(double d) { return d; }
inline float float_of(float f) { return f; }

template <class D, class S>
void convert_typed(const Geometry& dst, const Geometry& src) {
  auto dv = xt_strided<D>(dst);
  auto sv = xt_strided<S>(src);
  if constexpr (std::is_same_v<D, bool>) {
    xt::noalias(dv) = xt::make_lambda_xfunction([](S x) { return x != S(0); }, sv);
  } else if constexpr (std::is_integral_v<D> && sizeof(D) < 4 && !std::is_integral_v<S>) {
    // c10 static_cast_with_inter_type: floating -> uint8 goes through int64 (a negative float cast
    // straight to an unsigned type is UB); the same for int8/int16 gives x86's low-bits wrap.
    xt::noalias(dv) = xt::make_lambda_xfunction([](S x) { return D(int64_t(float_of(x))); }, sv);
  } else {
    xt::noalias(dv) = xt::cast<D>(sv);
  }
}
}  // namespace

void convert_copy(const Geometry& dst, const Geometry& src) {
  TP_INTERNAL_ASSERT(dst.sizes == src.sizes, "convert_copy: shapes differ");
  if (shape_numel(dst.sizes) == 0) return;
  dispatch_storage_type(dst.dtype, [&](auto d_) {
    dispatch_storage_type(src.dtype, [&](auto s_) { convert_typed<decltype(d_), decltype(s_)>(dst, src); });
  });
}

Geometry as_dtype(const Tensor& t, DType dt, Scratch& keep) {
  Geometry g = geometry_of(t);
  if (t.dtype() == dt) return g;
  keep = make_scratch(t.sizes(), dt);
  convert_copy(keep.geom, g);
  return keep.geom;
}

bool is_non_overlapping_and_dense(const Shape& sizes, const Shape& strides) {
  size_t dim = sizes.size();
  if (dim == 1) return sizes[0] < 2 || strides[0] == 1;
  std::vector<size_t> perm(dim);
  std::iota(perm.begin(), perm.end(), 0);
  std::sort(perm.begin(), perm.end(), [&](size_t a, size_t b) {
    if (sizes[a] < 2) return false;
    if (sizes[b] < 2) return true;
    return strides[a] < strides[b];
  });
  int64_t require = 1;
  for (size_t i = 0; i < dim; ++i) {
    int64_t s = sizes[perm[i]];
    if (s < 2) return true;
    if (strides[perm[i]] != require) return false;
    require *= s;
  }
  return true;
}

Shape infer_dense_strides(const Shape& sizes, const Shape& strides) {
  int64_t ndim = int64_t(sizes.size());
  if (ndim == 0) return {};
  if (ndim == 1) return {1};
  std::vector<int64_t> perm(static_cast<size_t>(ndim));
  std::iota(perm.rbegin(), perm.rend(), 0);  // n-1, ..., 0
  auto should_swap = [&](int64_t d0, int64_t d1) {
    int64_t s0 = strides[size_t(d0)], s1 = strides[size_t(d1)];
    if (s0 == 0 || s1 == 0) return 0;
    if (s0 < s1) return -1;
    if (s0 > s1) return 1;
    if (sizes[size_t(d0)] > sizes[size_t(d1)]) return 1;
    return 0;
  };
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
  Shape out(static_cast<size_t>(ndim));
  int64_t cur = 1;
  for (int64_t i = 0; i < ndim; ++i) {
    int64_t idx = perm[size_t(i)];
    out[size_t(idx)] = cur;
    if (sizes[size_t(idx)] > 1) cur *= sizes[size_t(idx)];
  }
  return out;
}

Tensor empty_strided(const Shape& sizes, const Shape& strides, DType dtype, Device device) {
  for (int64_t s : sizes)
    TP_CHECK(s >= 0, "Trying to create tensor with negative dimension " + std::to_string(s) + ": " + shape_str(sizes));
  // at::detail::computeStorageNbytes: 0 bytes when any size is 0.
  int64_t span = 1;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == 0) { span = 0; break; }
    span += (sizes[i] - 1) * strides[i];
  }
  auto storage = ctx().new_storage(device, size_t(span) * itemsize(dtype));
  return make_tensor(storage, sizes, strides, 0, dtype, ctx().new_version_counter());
}

Tensor empty_like_preserve(const Tensor& self, DType dtype, Device device) {
  if (is_non_overlapping_and_dense(self.sizes(), self.strides()))
    return empty_strided(self.sizes(), self.strides(), dtype, device);
  return empty_strided(self.sizes(), infer_dense_strides(self.sizes(), self.strides()), dtype, device);
}

Device common_device(const Tensor& a, const Tensor& b) {
  if (!a.device().is_cpu()) return a.device();
  return b.device();
}

}  // namespace tp::native
