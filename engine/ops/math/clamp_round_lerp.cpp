// round(decimals=N) (cpu/UnaryOpsKernel.cpp round_decimals_kernel) and lerp with a Python-number or
// a tensor weight (Lerp.cpp, Lerp.h): floating dtypes only, with PyTorch's checks and formulas.
#include <cmath>
#include <string>

#include "core/error.h"
#include "ops/pointwise.h"
#include "ops/math/clamp_round_lerp.h"

namespace tp::native {

namespace {
std::string not_implemented(const char* kernel, DType t) {
  return std::string("\"") + kernel + "\" not implemented for '" + scalar_type_name(t) + "'";
}
}  // namespace

// Scales by 10^|decimals|, rounds half to even, scales back: in the element type (float32 math for
// float32), dividing first when decimals < 0. decimals == 0 is plain round (round_stub).
Tensor round_decimals(const Tensor& a, int64_t decimals) {
  TP_CHECK(is_floating(a.dtype()), not_implemented(decimals == 0 ? "round_vml_cpu" : "round_cpu", a.dtype()));
  if (decimals == 0) return unary(a, UnaryOp::Round);
  bool negative = decimals < 0;
  double scale = std::pow(10, negative ? -decimals : decimals);
  Prepared p = prepare({a}, a.dtype(), a.dtype());
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    if constexpr (std::is_floating_point_v<T>) {
      T s = T(scale);
      if (negative) run_unary<T, T>(p, [s](T x) -> T { return std::nearbyint(x / s) * s; });
      else run_unary<T, T>(p, [s](T x) -> T { return std::nearbyint(x * s) / s; });
    }
  });
  return finish(p);
}

namespace {
// TypeMeta names ("float", "double") as TORCH_CHECK prints self.dtype().
void check_lerp_dtype(const Tensor& self, const Tensor& other, const char* what) {
  TP_CHECK(self.dtype() == other.dtype(), "expected dtype " + c_type_name(self.dtype()) + " for `" + what +
                                              "` but got dtype " + c_type_name(other.dtype()));
}

// at::native::lerp: the branch on |weight| < 0.5 keeps the result exact at both ends.
template <class T>
T lerp_value(T self, T end, T weight) {
  return std::abs(weight) < T(0.5) ? self + weight * (end - self) : end - (end - self) * (T(1) - weight);
}
}  // namespace

Tensor lerp(const Tensor& self, const Tensor& end, const Scalar& weight) {
  check_lerp_dtype(self, end, "end");
  DType rt = result_type(self, end);
  TP_CHECK(is_floating(rt), not_implemented("lerp_kernel_scalar", rt));
  Prepared p = prepare({self, end}, rt, rt);
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    if constexpr (std::is_floating_point_v<T>) {
      T w = scalar_as<T>(weight);
      run_binary<T, T>(p, [w](T s, T e) -> T { return lerp_value(s, e, w); });
    }
  });
  return finish(p);
}

// A tensor weight broadcasts with self and end. Composed of the binary kernels (each step rounds
// to the element type, as the scalar formula does) so no three-input loop is instantiated.
Tensor lerp(const Tensor& self, const Tensor& end, const Tensor& weight) {
  check_lerp_dtype(self, end, "end");
  check_lerp_dtype(self, weight, "weight");
  TP_CHECK(is_floating(self.dtype()), not_implemented("lerp_kernel_tensor", self.dtype()));
  Tensor diff = sub(end, self);
  Tensor from_self = add(self, mul(weight, diff));
  Tensor from_end = sub(end, mul(diff, sub(wrap_scalar(Scalar::from_int(1)), weight)));
  Tensor small = compare(unary(weight, UnaryOp::Abs), wrap_scalar(Scalar::from_double(0.5)), CompareOp::Lt);
  return where(small, from_self, from_end);
}

}  // namespace tp::native
