// Operand geometry, scratch buffers and the dtype-converting strided copy every kernel builds on.
#include "ops/iter.h"

#include <algorithm>
#include <numeric>
#include <type_traits>

#include "core/context.h"
#include "core/error.h"

namespace tp::native {

namespace {
// Note [Elements an op may visit]: a stride-0 view (expand) costs no memory, so the memory cap does
// not bound the work of reading it: torch.zeros(1).expand(2**62).sum() would loop for centuries.
// Every kernel reads its operands through these geometries, so the bound is checked here once.
constexpr int64_t kMaxVisitedElements = int64_t(1) << 28;

void check_visit_bound(const Shape& sizes) {
  int64_t n = shape_numel(sizes);
  if (n > kMaxVisitedElements)
    throw TorchError("MemoryError", "this operation would visit " + std::to_string(n) +
                                        " elements, more than the playground's limit of " +
                                        std::to_string(kMaxVisitedElements) + " per operation");
}
}  // namespace

Geometry geometry_of(const Tensor& t) {
  check_visit_bound(t.sizes());
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
  check_visit_bound(sizes);
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
// Note [Plain strided copy]: the 25 (dst, src) dtype pairs of convert_copy were xtensor strided
// assignments, ~4.4 KB of WebAssembly each (110 KB in all). This loop walks dst in row-major
// order like that assignment did (same element order, so the same result), with the last
// dimension as the inner loop; its unit-stride case is what the compiler vectorises.
template <class D, class S> D convert_one(S x) {
  if constexpr (std::is_same_v<D, bool>) return x != S(0);
  else return static_cast<D>(x);
}

// Note [Vectorised conversion pairs]: the unit-stride loop below is vectorised (and unrolled) by
// the compiler, ~4.5 KB of WebAssembly per (dst, src) pair. Only copies within one type and the
// pairs among float32, float64 and int64 (the dtypes training code converts between) keep it;
// the other pairs run one element at a time, in the same order with the same casts, so they print
// the same and cost a little time only in rare conversions (bool or int32 to something else).
template <class T> constexpr bool kWideNumeric = std::is_same_v<T, float> || std::is_same_v<T, double> ||
                                                 std::is_same_v<T, int64_t>;
template <class D, class S> constexpr bool kVectorisedPair =
    std::is_same_v<D, S> || (kWideNumeric<D> && kWideNumeric<S>);

template <class D, class S>
void convert_typed(const Geometry& dst, const Geometry& src) {
  D* d = reinterpret_cast<D*>(dst.base) + dst.offset;
  const S* s = reinterpret_cast<const S*>(src.base) + src.offset;
  const size_t nd = dst.sizes.size();
  if (nd == 0) {
    *d = convert_one<D>(*s);
    return;
  }
  const int64_t n = dst.sizes[nd - 1], ds = dst.strides[nd - 1], ss = src.strides[nd - 1];
  std::vector<int64_t> index(nd - 1, 0);  // position in the outer dimensions
  for (;;) {
    if constexpr (!kVectorisedPair<D, S>) {
#if defined(__clang__)
#pragma clang loop vectorize(disable) interleave(disable) unroll(disable)
#endif
      for (int64_t i = 0; i < n; ++i) d[i * ds] = convert_one<D>(s[i * ss]);
    } else if (ds == 1 && ss == 1) {
      for (int64_t i = 0; i < n; ++i) d[i] = convert_one<D>(s[i]);
    } else {
      for (int64_t i = 0; i < n; ++i) d[i * ds] = convert_one<D>(s[i * ss]);
    }
    size_t k = nd - 1;
    for (; k-- > 0;) {  // odometer step over the outer dimensions, last first
      d += dst.strides[k];
      s += src.strides[k];
      if (++index[k] < dst.sizes[k]) break;
      d -= dst.strides[k] * dst.sizes[k];
      s -= src.strides[k] * src.sizes[k];
      index[k] = 0;
    }
    if (k == size_t(-1)) return;
  }
}

// Note [Conversion pivots]: a typed loop per (dst, src) pair would be 81 loops of ~2 KB. The five
// original dtypes keep their direct loops; a small type converts through its pivot, which holds
// every value of it exactly (int8/uint8/int16 -> int64, float16 -> float32), so a conversion
// src -> pivot(src) -> pivot(dst) -> dst rounds at most where the direct cast would: c10 also
// casts float -> uint8 through int64 (static_cast_with_inter_type), and every type -> half
// through float.
bool has_direct_loops(DType d) { return (d == compute_dtype(d) && itemsize(d) >= 4) || d == DType::Bool; }
DType pivot_of(DType d) {
  if (d == DType::Float16) return DType::Float32;
  return has_direct_loops(d) ? d : DType::Int64;
}

template <class P>
void small_to_pivot(const Geometry& dst, const Geometry& src) {  // dst has type P
  switch (src.dtype) {
    case DType::UInt8: convert_typed<P, uint8_t>(dst, src); break;
    case DType::Int8: convert_typed<P, int8_t>(dst, src); break;
    case DType::Int16: convert_typed<P, int16_t>(dst, src); break;
    default: TP_INTERNAL_ASSERT(false, "small_to_pivot: not a small integer type");
  }
}
void pivot_to_small(const Geometry& dst, const Geometry& src) {  // src is int64, or float32 for half
  switch (dst.dtype) {
    case DType::UInt8: convert_typed<uint8_t, int64_t>(dst, src); break;
    case DType::Int8: convert_typed<int8_t, int64_t>(dst, src); break;
    case DType::Int16: convert_typed<int16_t, int64_t>(dst, src); break;
    case DType::Float16: convert_typed<Half, float>(dst, src); break;
    default: TP_INTERNAL_ASSERT(false, "pivot_to_small: not a small type");
  }
}
}  // namespace

void convert_copy(const Geometry& dst, const Geometry& src) {
  TP_INTERNAL_ASSERT(dst.sizes == src.sizes, "convert_copy: shapes differ");
  if (shape_numel(dst.sizes) == 0) return;
  if (has_direct_loops(dst.dtype) && has_direct_loops(src.dtype)) {
    dispatch_type(dst.dtype, [&](auto d_) {
      dispatch_type(src.dtype, [&](auto s_) { convert_typed<decltype(d_), decltype(s_)>(dst, src); });
    });
  } else if (dst.dtype == src.dtype) {
    dispatch_storage_type(dst.dtype, [&](auto t_) { using T = decltype(t_); convert_typed<T, T>(dst, src); });
  } else if (!has_direct_loops(src.dtype)) {  // src -> pivot(src), then on
    Scratch s = make_scratch(src.sizes, pivot_of(src.dtype));
    if (src.dtype == DType::Float16) convert_typed<float, Half>(s.geom, src);
    else small_to_pivot<int64_t>(s.geom, src);
    convert_copy(dst, s.geom);
  } else {  // src -> pivot(dst) -> dst
    Scratch s = make_scratch(dst.sizes, pivot_of(dst.dtype));
    convert_copy(s.geom, src);
    pivot_to_small(dst, s.geom);
  }
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

namespace {
Tensor empty_strided_filled(const Shape& sizes, const Shape& strides, DType dtype, Device device, StorageFill fill) {
  for (int64_t s : sizes)
    TP_CHECK(s >= 0, "Trying to create tensor with negative dimension " + std::to_string(s) + ": " + shape_str(sizes));
  // at::detail::computeStorageNbytes: 0 bytes when any size is 0, overflow refused.
  auto storage = ctx().new_storage(device, storage_nbytes(sizes, strides, itemsize(dtype)), fill);
  return make_tensor(storage, sizes, strides, 0, dtype, ctx().new_version_counter());
}
}  // namespace

Tensor empty_strided(const Shape& sizes, const Shape& strides, DType dtype, Device device) {
  return empty_strided_filled(sizes, strides, dtype, device, StorageFill::kZeros);
}

Tensor empty_strided_for_overwrite(const Shape& sizes, const Shape& strides, DType dtype, Device device) {
  return empty_strided_filled(sizes, strides, dtype, device, StorageFill::kForOverwrite);
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
