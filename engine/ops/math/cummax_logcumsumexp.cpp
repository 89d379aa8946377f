// cummax / cummin and logcumsumexp along one dim (ReduceOps.cpp cummax_cummin_helper,
// cpu/ReduceOpsKernel.cpp logcumsumexp_cpu_kernel), read through a contiguous copy as
// `outer x len x inner` lanes like ops/math/sort_scan.cpp.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/error.h"
#include "ops/native.h"

namespace tp::native {

namespace {

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

}  // namespace

// A NaN is taken (and keeps being taken by later NaNs); otherwise x replaces the running value
// when x >= it (cummax) / x <= it (cummin), so ties report the LAST index.
std::pair<Tensor, Tensor> cummax_cummin(const Tensor& self, int64_t dim, bool is_max) {
  int64_t d = wrap_dim(dim, std::max<int64_t>(self.dim(), 1));
  Tensor values = make_empty(self.sizes(), self.dtype(), self.device());
  Tensor indices = make_empty(self.sizes(), DType::Int64, self.device());
  if (self.numel() == 0) return {values, indices};
  Tensor src = contiguous(self);
  Lanes l = lanes_of(self.sizes(), d);
  auto* idx = reinterpret_cast<int64_t*>(indices.raw(0));
  TP_DISPATCH_STORAGE(self.dtype(), T, {
    const T* in = reinterpret_cast<const T*>(src.raw(src.storage_offset()));
    T* out = reinterpret_cast<T*>(values.raw(0));
    for (int64_t x = 0; x < l.outer; ++x)
      for (int64_t r = 0; r < l.inner; ++r) {
        T best = in[l.at(x, 0, r)];
        int64_t at = 0;
        for (int64_t i = 0; i < l.len; ++i) {
          T v = in[l.at(x, i, r)];
          double dv = double(v), db = double(best);
          if (std::isnan(dv) || (!std::isnan(db) && (is_max ? dv >= db : dv <= db))) {
            best = v;
            at = i;
          }
          out[l.at(x, i, r)] = best;
          idx[l.at(x, i, r)] = at;
        }
      }
  });
  return {values, indices};
}

// _log_add_exp_helper in acc_type (double for float32/float64), starting from -inf.
Tensor logcumsumexp(const Tensor& self, int64_t dim) {
  TP_CHECK(is_floating(self.dtype()),
           "\"logcumsumexp_out_cpu\" not implemented for '" + scalar_type_name(self.dtype()) + "'");
  int64_t d = wrap_dim(dim, std::max<int64_t>(self.dim(), 1));
  Tensor out = make_empty(self.sizes(), self.dtype(), self.device());
  if (self.numel() == 0) return out;
  Tensor src = contiguous(self);
  Lanes l = lanes_of(self.sizes(), d);
  auto log_add_exp = [](auto x, auto y) {
    auto mn = std::isnan(y) ? y : std::min(x, y), mx = std::isnan(y) ? y : std::max(x, y);
    if (mn != mx || std::isfinite(mn)) return std::log1p(std::exp(mn - mx)) + mx;
    return x;  // both infinite with the same sign
  };
  TP_DISPATCH_STORAGE(self.dtype(), T, {
    if constexpr (std::is_same_v<T, Half> || std::is_floating_point_v<T>) {
      using Acc = std::conditional_t<std::is_same_v<T, Half>, float, double>;  // acc_type<T, /*cuda=*/false>
      const T* in = reinterpret_cast<const T*>(src.raw(src.storage_offset()));
      T* o = reinterpret_cast<T*>(out.raw(0));
      for (int64_t x = 0; x < l.outer; ++x)
        for (int64_t r = 0; r < l.inner; ++r) {
          Acc cum = -std::numeric_limits<Acc>::infinity();
          for (int64_t i = 0; i < l.len; ++i) {
            cum = log_add_exp(Acc(in[l.at(x, i, r)]), cum);
            o[l.at(x, i, r)] = T(cum);
          }
        }
    }
  });
  return out;
}

}  // namespace tp::native

namespace tp::native {

// cpu/TensorCompareKernel.cpp mode_kernel_impl: each lane's (value, index) pairs go through
// std::sort by value (not stable beyond 16 elements, exactly as there), then the first value with
// the highest run length wins and reports the index at the end of its run.
std::pair<Tensor, Tensor> mode(const Tensor& self, int64_t dim, bool keepdim) {
  int64_t d = wrap_dim(dim, std::max<int64_t>(self.dim(), 1));
  int64_t len = self.dim() == 0 ? 1 : self.size(d);
  TP_CHECK_INDEX(len > 0, "mode(): Expected reduction dim " + std::to_string(d) + " to have non-zero size.");
  Shape out_sizes = self.sizes();
  if (self.dim() > 0) {
    if (keepdim) out_sizes[size_t(d)] = 1;
    else out_sizes.erase(out_sizes.begin() + d);
  }
  Tensor values = make_empty(out_sizes, self.dtype(), self.device());
  Tensor indices = make_empty(out_sizes, DType::Int64, self.device());
  Tensor src = contiguous(self);
  Lanes l = lanes_of(self.sizes(), d);
  auto* idx = reinterpret_cast<int64_t*>(indices.raw(0));
  TP_DISPATCH_STORAGE(self.dtype(), T, {
    const T* in = reinterpret_cast<const T*>(src.raw(src.storage_offset()));
    T* out = reinterpret_cast<T*>(values.raw(0));
    auto less = [](T a, T b) {
      if constexpr (std::is_same_v<T, Half>) return float(a) < float(b);
      else return a < b;
    };
    auto differ = [](T a, T b) {
      if constexpr (std::is_same_v<T, Half>) return float(a) != float(b);
      else return a != b;
    };
    std::vector<std::pair<T, int64_t>> elements(size_t(l.len));
    for (int64_t x = 0; x < l.outer; ++x)
      for (int64_t r = 0; r < l.inner; ++r) {
        for (int64_t i = 0; i < l.len; ++i) elements[size_t(i)] = {in[l.at(x, i, r)], i};
        std::sort(elements.begin(), elements.end(),
                  [&](const auto& a, const auto& b) { return less(a.first, b.first); });
        T best = T(0);
        int64_t besti = 0, freq = 0, max_freq = 0;
        for (int64_t i = 0; i < l.len; ++i) {
          ++freq;
          if (i == l.len - 1 || differ(elements[size_t(i)].first, elements[size_t(i + 1)].first)) {
            if (freq > max_freq) {
              best = elements[size_t(i)].first;
              besti = elements[size_t(i)].second;
              max_freq = freq;
            }
            freq = 0;
          }
        }
        out[x * l.inner + r] = best;
        idx[x * l.inner + r] = besti;
      }
  });
  return {values, indices};
}

}  // namespace tp::native
