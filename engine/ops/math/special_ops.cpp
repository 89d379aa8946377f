// logit (UnaryOpsKernel.cpp logit_kernel), heaviside (BinaryOpsKernel.cpp) and isin
// (TensorCompare.cpp): small kernels with their ATen checks and messages.
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "core/context.h"
#include "core/error.h"
#include "ops/pointwise.h"

namespace tp::native {

// eps < 0 (None) or NaN: log(x / (1 - x)); else x clamped to [eps, 1 - eps] first. x == 1 gives inf.
Tensor logit(const Tensor& self, double eps) {
  DType dt = is_floating(self.dtype()) ? self.dtype() : ctx().default_dtype;
  Prepared p = prepare({self}, dt, dt);
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    if constexpr (std::is_floating_point_v<T>) {
      const T e = T(eps);
      const bool clampit = !std::isnan(e) && e >= T(0);
      const T lo = e, hi = T(1) - e;
      run_unary<T, T>(p, [clampit, lo, hi](T x) -> T {
        if (clampit) x = x < lo ? lo : (x > hi ? hi : x);
        return x == T(1) ? std::numeric_limits<T>::infinity() : std::log(x / (T(1) - x));
      });
    }
  });
  return finish(p);
}

// a == 0 ? values : (a > 0), same dtype required.
Tensor heaviside(const Tensor& self, const Tensor& values) {
  TP_CHECK(self.dtype() == values.dtype(), "heaviside is not yet implemented for tensors with different dtypes");
  Prepared p = prepare({self, values}, self.dtype(), self.dtype());
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    run_binary<T, T>(p, [](T a, T b) -> T { return a == T(0) ? b : static_cast<T>(a > T(0)); });
  });
  return finish(p);
}

// Whether each element of `elements` equals some element of `test` (compared in their common
// dtype); `invert` negates.
Tensor isin(const Tensor& elements, const Tensor& test, bool invert) {
  DType common = result_type(elements, test);
  Tensor e = contiguous(to(elements, common, elements.device(), false));
  Tensor t = contiguous(to(test, common, test.device(), false));
  Tensor out = make_empty(elements.sizes(), DType::Bool, elements.device());
  for (int64_t i = 0; i < e.numel(); ++i) {
    double v = e.double_at(e.storage_index_of(i));
    bool hit = false;
    for (int64_t j = 0; j < t.numel() && !hit; ++j) hit = t.double_at(t.storage_index_of(j)) == v;
    out.set_at(i, Scalar::from_bool(hit != invert));
  }
  return out;
}

}  // namespace tp::native

namespace tp::native {

namespace {

std::string format_double(double v) {  // operator<< of a double: %g
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace

// HistogramKernel.cpp histogram_histc: edges from min/max (the data's extrema when equal, widened
// by 1 when still equal); each element in [left, right] goes to bin
// int((x - left) * bins / (right - left)) computed in the input dtype, the last edge counting in
// the last bin. Counts in the input dtype.
Tensor histc(const Tensor& self, int64_t bins, double min, double max) {
  if (bins <= 0) throw TorchError("NotImplementedError", "tensorplay: torch.histc with bins <= 0 is not supported");
  double left = min, right = max;
  if (left == right && self.numel() > 0) {
    left = item(min_all(self)).to_double();
    right = item(max_all(self)).to_double();
  }
  if (left == right) {
    left -= 1;
    right += 1;
  }
  TP_CHECK(!(std::isinf(left) || std::isinf(right) || std::isnan(left) || std::isnan(right)),
           "torch.histc: range of [" + format_double(left) + ", " + format_double(right) + "] is not finite");
  TP_CHECK(left < right, "torch.histc: max must be larger than min");
  Tensor hist = zeros({bins}, self.dtype(), self.device());
  Tensor src = contiguous(self);
  dispatch_type(self.dtype(), [&](auto tag_) { using T = decltype(tag_);
    if constexpr (std::is_floating_point_v<T>) {
      const T lo = T(left), hi = T(right);  // linspace's first and last edges, in T
      std::vector<T> counts(size_t(bins), T(0));
      for (int64_t i = 0; i < src.numel(); ++i) {
        T x = T(src.double_at(src.storage_offset() + i));
        if (!(x >= lo && x <= hi)) continue;
        int64_t pos = static_cast<int64_t>((x - lo) * T(bins) / (hi - lo));
        if (pos == bins) pos -= 1;
        counts[size_t(pos)] += T(1);
      }
      for (int64_t b = 0; b < bins; ++b) hist.set_at(b, Scalar::from_double(double(counts[size_t(b)])));
    } else {
      throw TorchError("NotImplementedError", "tensorplay: torch.histc of an integral tensor is not supported");
    }
  });
  return hist;
}

}  // namespace tp::native
