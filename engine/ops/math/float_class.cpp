// Float classification and closeness (aten/src/ATen/native/TensorCompare.cpp): isnan / isinf /
// isposinf / isneginf / isfinite give bool tensors (integers and bools are never NaN or infinite),
// isclose is composed of the pointwise kernels exactly as PyTorch composes it.
#include <cmath>
#include <cstdio>
#include <string>

#include "core/context.h"
#include "core/error.h"
#include "ops/math/float_class.h"
#include "ops/pointwise.h"

namespace tp::native {

namespace {

// out = pred(x) on floating elements, `otherwise` for integers and bools.
template <class Pred>
Tensor classify(const Tensor& a, bool otherwise, Pred pred) {
  Prepared p = prepare({a}, a.dtype(), DType::Bool);
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    if constexpr (std::is_floating_point_v<T>) run_unary<T, bool>(p, [&pred](T x) -> bool { return pred(x); });
    else run_unary<T, bool>(p, [otherwise](T) -> bool { return otherwise; });
  });
  return finish(p);
}

// A double as C++'s `ostream << double` prints it (%g), which TORCH_CHECK messages use.
std::string stream_double(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

Tensor logical_and(const Tensor& a, const Tensor& b) { return mul(a, b); }      // bool * bool = and
Tensor logical_or(const Tensor& a, const Tensor& b) { return maximum(a, b); }   // bool max = or

}  // namespace

Tensor isnan(const Tensor& a) { return classify(a, false, [](auto x) { return x != x; }); }
Tensor isinf(const Tensor& a) { return classify(a, false, [](auto x) { return std::isinf(x); }); }
Tensor isposinf(const Tensor& a) { return classify(a, false, [](auto x) { return std::isinf(x) && x > 0; }); }
Tensor isneginf(const Tensor& a) { return classify(a, false, [](auto x) { return std::isinf(x) && x < 0; }); }
Tensor isfinite(const Tensor& a) { return classify(a, true, [](auto x) { return std::isfinite(x); }); }

// Note [closeness]: a is close to b when a == b (NaNs equal with equal_nan), or when |a - b| is
// finite and <= atol + |rtol * b|, computed in the inputs' dtype (float32 stays float32).
Tensor isclose(const Tensor& a, const Tensor& b, double rtol, double atol, bool equal_nan) {
  TP_CHECK(a.dtype() == b.dtype(), scalar_type_name(a.dtype()) + " did not match " + scalar_type_name(b.dtype()));
  TP_CHECK(rtol >= 0, "rtol must be greater than or equal to zero, but got " + stream_double(rtol));
  TP_CHECK(atol >= 0, "atol must be greater than or equal to zero, but got " + stream_double(atol));
  Tensor close = compare(a, b, CompareOp::Eq);
  if (equal_nan && is_floating(a.dtype())) close = logical_or(close, logical_and(isnan(a), isnan(b)));
  if (rtol == 0 && atol == 0) return close;
  // Integral inputs compute the errors in the default float dtype (the difference would overflow).
  DType fallback = ctx().default_dtype;
  Tensor cast_self = a.dtype() == DType::Bool ? to(a, fallback, a.device(), false) : a;
  Tensor cast_other = is_integral(a.dtype(), true) ? to(b, fallback, b.device(), false) : b;
  Tensor allowed = add(unary(mul(cast_other, wrap_scalar(Scalar::from_double(rtol))), UnaryOp::Abs),
                       wrap_scalar(Scalar::from_double(atol)));
  Tensor actual = unary(sub(cast_self, cast_other), UnaryOp::Abs);
  return logical_or(close, logical_and(isfinite(actual), compare(actual, allowed, CompareOp::Le)));
}

}  // namespace tp::native
