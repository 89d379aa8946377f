// Scans and orderings along one dim: cumsum/cumprod (ReduceOps.cpp, cpu_cum_base_kernel), sort /
// topk (Sorting.cpp, SortingKernel.cpp) and flip (TensorTransformations.cpp). Every kernel reads its
// input through a contiguous copy and treats it as `outer x len x inner` lanes around the dim.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "core/error.h"
#include "ops/native.h"

namespace tp::native {

namespace {

// The contiguous layout around dim d: `outer` lanes before it, `inner` elements after it.
// A 0-dim tensor is one lane of length 1 (PyTorch treats it as size 1 along dim 0 / -1).
struct Lanes {
  int64_t outer = 1, len = 1, inner = 1;
  int64_t at(int64_t o, int64_t i, int64_t r) const { return (o * len + i) * inner + r; }
};

Lanes lanes_of(const Shape& s, int64_t d) {
  Lanes l;
  if (s.empty()) return l;
  for (int64_t k = 0; k < d; ++k) l.outer *= s[size_t(k)];
  l.len = s[size_t(d)];
  for (size_t k = size_t(d) + 1; k < s.size(); ++k) l.inner *= s[k];
  return l;
}

int64_t wrap_scan_dim(int64_t dim, const Tensor& a) { return wrap_dim(dim, std::max<int64_t>(a.dim(), 1)); }

// NaN sorts as the largest value (KeyValueCompAsc / KeyValueCompDesc in SortingKernel.cpp).
template <class T>
bool before(T a, T b, bool descending) {
  if constexpr (std::is_floating_point_v<T>) {
    if (descending) return (std::isnan(a) && !std::isnan(b)) || a > b;
    return (!std::isnan(a) && std::isnan(b)) || a < b;
  } else {
    return descending ? a > b : a < b;
  }
}

// Sorts every lane stably (ties keep their original order) and keeps the first k of each.
std::pair<Tensor, Tensor> sorted_lanes(const Tensor& a, int64_t d, bool descending, int64_t k) {
  if (is_reduced_floating(a.dtype())) {  // Note [Reduced floating point]: the order of exact floats
    auto r = sorted_lanes(to(a, DType::Float32, a.device(), false), d, descending, k);
    return {to(r.first, a.dtype(), a.device(), false), r.second};
  }
  Tensor src = contiguous(a);
  Lanes l = lanes_of(a.sizes(), d);
  Shape out_sizes = a.sizes();
  if (!out_sizes.empty()) out_sizes[size_t(d)] = k;
  Tensor values = make_empty(out_sizes, a.dtype(), a.device());
  Tensor indices = make_empty(out_sizes, DType::Int64, a.device());
  auto* idx = reinterpret_cast<int64_t*>(indices.raw(0));
  TP_DISPATCH(a.dtype(), T, {
    const T* in = reinterpret_cast<const T*>(src.raw(src.storage_offset()));
    T* out = reinterpret_cast<T*>(values.raw(0));
    std::vector<int64_t> order(size_t(l.len));
    for (int64_t o = 0; o < l.outer; ++o)
      for (int64_t r = 0; r < l.inner; ++r) {
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int64_t x, int64_t y) {
          return before<T>(in[l.at(o, x, r)], in[l.at(o, y, r)], descending);
        });
        for (int64_t i = 0; i < k; ++i) {
          int64_t at = (o * k + i) * l.inner + r;
          out[at] = in[l.at(o, order[size_t(i)], r)];
          idx[at] = order[size_t(i)];
        }
      }
  });
  return {values, indices};
}

// cumsum/cumprod accumulate in acc_type (double for floating types, int64 for integers).
Tensor cumulative(const Tensor& a, int64_t dim, OptDType dtype, bool is_prod) {
  int64_t d = wrap_scan_dim(dim, a);
  DType out_dtype = dtype ? *dtype : is_integral(a.dtype(), true) ? DType::Int64 : a.dtype();
  Tensor src = contiguous(to(a, out_dtype, a.device(), false));
  Tensor out = make_empty(a.sizes(), out_dtype, a.device());
  Lanes l = lanes_of(a.sizes(), d);
  if (out_dtype == DType::Float16) {  // cpu_cum_base_kernel: acc_type<Half, /*cuda=*/false> is float
    const auto* in = reinterpret_cast<const Half*>(src.raw(src.storage_offset()));
    auto* o = reinterpret_cast<Half*>(out.raw(0));
    for (int64_t x = 0; x < l.outer; ++x)
      for (int64_t r = 0; r < l.inner; ++r) {
        float acc = is_prod ? 1.f : 0.f;
        for (int64_t i = 0; i < l.len; ++i) {
          acc = is_prod ? acc * float(in[l.at(x, i, r)]) : acc + float(in[l.at(x, i, r)]);
          o[l.at(x, i, r)] = Half(acc);
        }
      }
    return out;
  }
  TP_DISPATCH(out_dtype, T, {
    using Acc = std::conditional_t<std::is_floating_point_v<T>, double, int64_t>;
    const T* in = reinterpret_cast<const T*>(src.raw(src.storage_offset()));
    T* o = reinterpret_cast<T*>(out.raw(0));
    for (int64_t x = 0; x < l.outer; ++x)
      for (int64_t r = 0; r < l.inner; ++r) {
        Acc acc = is_prod ? Acc(1) : Acc(0);
        for (int64_t i = 0; i < l.len; ++i) {
          Acc v = Acc(in[l.at(x, i, r)]);
          acc = is_prod ? Acc(acc * v) : Acc(acc + v);
          o[l.at(x, i, r)] = static_cast<T>(acc);
        }
      }
  });
  return out;
}

}  // namespace

Tensor cumsum(const Tensor& a, int64_t dim, OptDType dtype) { return cumulative(a, dim, dtype, false); }
Tensor cumprod(const Tensor& a, int64_t dim, OptDType dtype) { return cumulative(a, dim, dtype, true); }

std::pair<Tensor, Tensor> sort(const Tensor& a, int64_t dim, bool descending) {
  int64_t d = wrap_scan_dim(dim, a);
  return sorted_lanes(a, d, descending, a.dim() == 0 ? 1 : a.size(d));
}

Tensor argsort(const Tensor& a, int64_t dim, bool descending) { return sort(a, dim, descending).second; }

// Sorting.cpp TORCH_META_FUNC(topk). Results come back sorted (also for sorted=False, where
// PyTorch leaves the order unspecified); ties keep index order.
std::pair<Tensor, Tensor> topk(const Tensor& a, int64_t k, int64_t dim, bool largest) {
  int64_t d = wrap_scan_dim(dim, a);
  TP_CHECK(k >= 0 && k <= (a.dim() > 0 ? a.size(d) : 1), "selected index k out of range");
  return sorted_lanes(a, d, largest, k);
}

// Always a copy (never a view). Dims are wrapped and must be distinct (dim_list_to_bitset).
Tensor roll(const Tensor& a, const std::vector<int64_t>& shifts, const std::vector<int64_t>& dims) {
  TP_CHECK(!shifts.empty(), "`shifts` required");
  if (dims.empty() && shifts.size() == 1) {
    Tensor flat = reshape(contiguous(a), {a.numel()});
    return reshape(roll(flat, shifts, {0}), a.sizes());
  }
  TP_CHECK(shifts.size() == dims.size(), "shifts and dimensions must align. shifts: " + std::to_string(shifts.size()) +
                                             ", dims:" + std::to_string(dims.size()));
  int64_t nd = a.dim();
  std::vector<int64_t> shift(size_t(nd), 0);
  for (size_t k = 0; k < dims.size(); ++k) {
    int64_t w = wrap_dim(dims[k], nd);
    shift[size_t(w)] += shifts[k];
  }
  Tensor out = make_empty(a.sizes(), a.dtype(), a.device());
  int64_t n = a.numel();
  if (n == 0) return out;
  const Shape& s = a.sizes();
  std::vector<int64_t> idx(size_t(nd), 0);
  TP_DISPATCH(a.dtype(), T, {
    T* o = reinterpret_cast<T*>(out.raw(0));
    for (int64_t k = 0; k < n; ++k) {
      int64_t p = a.storage_offset();
      for (int64_t q = 0; q < nd; ++q) {
        int64_t len = s[size_t(q)];
        int64_t src = ((idx[size_t(q)] - shift[size_t(q)]) % len + len) % len;
        p += src * a.strides()[size_t(q)];
      }
      o[k] = *reinterpret_cast<const T*>(a.raw(p));
      for (int64_t q = nd - 1; q >= 0; --q) {
        if (++idx[size_t(q)] < s[size_t(q)]) break;
        idx[size_t(q)] = 0;
      }
    }
  });
  return out;
}

Tensor flip(const Tensor& a, const std::vector<int64_t>& dims) {
  int64_t nd = a.dim();
  std::vector<bool> flipped(size_t(std::max<int64_t>(nd, 1)), false);
  for (int64_t dim : dims) {
    int64_t w = wrap_dim(dim, std::max<int64_t>(nd, 1));
    TP_CHECK(!flipped[size_t(w)], "dim " + std::to_string(w) + " appears multiple times in the list of dims");
    flipped[size_t(w)] = true;
  }
  Tensor out = make_empty(a.sizes(), a.dtype(), a.device());
  int64_t n = a.numel();
  std::vector<int64_t> idx(size_t(nd), 0);
  const Shape& s = a.sizes();
  TP_DISPATCH(a.dtype(), T, {
    T* o = reinterpret_cast<T*>(out.raw(0));
    for (int64_t k = 0; k < n; ++k) {
      int64_t p = a.storage_offset();
      for (int64_t q = 0; q < nd; ++q) {
        int64_t i = flipped[size_t(q)] ? s[size_t(q)] - 1 - idx[size_t(q)] : idx[size_t(q)];
        p += i * a.strides()[size_t(q)];
      }
      o[k] = *reinterpret_cast<const T*>(a.raw(p));
      for (int64_t q = nd - 1; q >= 0; --q) {
        if (++idx[size_t(q)] < s[size_t(q)]) break;
        idx[size_t(q)] = 0;
      }
    }
  });
  return out;
}

}  // namespace tp::native
