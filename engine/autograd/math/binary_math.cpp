// atan2, hypot, fmax/fmin, nan_to_num, addcmul/addcdiv beside their derivatives
// (tools/autograd/derivatives.yaml, FunctionsManual.cpp atan2_backward). Formulas return
// output-shaped grads; the engine sums broadcast dims away.
#include "autograd/math/binary_math.h"

#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "core/context.h"
#include "core/error.h"
#include "ops/math/float_class.h"

namespace tp {

namespace {

Tensor cmp(const Tensor& a, const Tensor& b, CompareOp op) { return native::compare(a, b, op); }
Tensor value_tensor(const Scalar& v) { return native::wrap_scalar(v); }

}  // namespace

Tensor atan2(const Tensor& self, const Tensor& other) {
  Tensor out = native::atan2(self, other);
  if (auto n = make_node("Atan2Backward0", {self, other}, out.dtype())) {
    n->save("other", other);
    n->save("self", self);
    n->formula = [](const BackwardCtx& c) -> TensorList {
      Tensor self = c.get("self"), other = c.get("other");
      Tensor recip = unary(add(mul(self, self), mul(other, other)), UnaryOp::Reciprocal);  // 1 / (self^2 + other^2)
      return {c.needs(0) ? mul(mul(c.grad(), other), recip) : Tensor(),       // grad * other * recip
              c.needs(1) ? mul(mul(c.grad(), neg(self)), recip) : Tensor()};  // grad * -self * recip
    };
    set_history(out, n);
  }
  return out;
}

Tensor hypot(const Tensor& self, const Tensor& other) {
  Tensor out = native::hypot(self, other);
  if (auto n = make_node("HypotBackward0", {self, other}, out.dtype())) {
    n->save("other", other);
    n->save("self", self);
    set_history(out, n);
    n->save("result", out, /*is_output=*/true);
    n->formula = [](const BackwardCtx& c) -> TensorList {
      Tensor result = c.get("result");
      return {c.needs(0) ? div(mul(c.grad(), c.get("self")), result) : Tensor(),    // grad * self / result
              c.needs(1) ? div(mul(c.grad(), c.get("other")), result) : Tensor()};  // grad * other / result
    };
  }
  return out;
}

namespace {

// fmax: the grad goes to self where self >= other or other is NaN, else to other (fmin: <=).
Tensor fmax_fmin(const Tensor& self, const Tensor& other, bool is_max) {
  Tensor out = is_max ? native::fmax(self, other) : native::fmin(self, other);
  if (auto n = make_node(is_max ? "FmaxBackward0" : "FminBackward0", {self, other}, out.dtype())) {
    n->save("other", other);
    n->save("self", self);
    n->formula = [is_max](const BackwardCtx& c) -> TensorList {
      Tensor self = c.get("self"), other = c.get("other");
      Tensor to_self = native::logical(cmp(self, other, is_max ? CompareOp::Ge : CompareOp::Le), native::isnan(other),
                                       native::LogicalOp::Or);
      Tensor zero = scalar_tensor(0.0);
      return {c.needs(0) ? where(to_self, c.grad(), zero) : Tensor(), c.needs(1) ? where(to_self, zero, c.grad()) : Tensor()};
    };
    set_history(out, n);
  }
  return out;
}

}  // namespace

Tensor fmax(const Tensor& self, const Tensor& other) { return fmax_fmin(self, other, true); }
Tensor fmin(const Tensor& self, const Tensor& other) { return fmax_fmin(self, other, false); }

Tensor logical(const Tensor& self, const Tensor& other, LogicalOp op) { return native::logical(self, other, op); }

Tensor nan_to_num(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                  std::optional<double> neginf) {
  Tensor out = native::nan_to_num(self, nan, posinf, neginf);
  if (auto n = make_node("NanToNumBackward0", {self}, out.dtype())) {
    n->save("self", self);
    n->formula = [](const BackwardCtx& c) -> TensorList {
      return {mul(c.grad(), native::isfinite(c.get("self")))};  // grad * isfinite(self)
    };
    set_history(out, n);
  }
  return out;
}

Tensor addcmul(const Tensor& self, const Tensor& t1, const Tensor& t2, const Scalar& value) {
  Tensor out = native::addcmul(self, t1, t2, value);
  if (auto n = make_node("AddcmulBackward0", {self, t1, t2}, out.dtype())) {
    if (n->should_compute_output(2)) n->save("tensor1", t1);
    if (n->should_compute_output(1)) n->save("tensor2", t2);
    n->formula = [value](const BackwardCtx& c) -> TensorList {
      TensorList r(3);
      if (c.needs(0)) r[0] = c.grad();                                                      // grad
      if (c.needs(1)) r[1] = mul(c.grad(), mul(c.get("tensor2"), value_tensor(value)));  // grad * (tensor2 * value)
      if (c.needs(2)) r[2] = mul(c.grad(), mul(c.get("tensor1"), value_tensor(value)));  // grad * (tensor1 * value)
      return r;
    };
    set_history(out, n);
  }
  return out;
}

Tensor addcdiv(const Tensor& self, const Tensor& t1, const Tensor& t2, const Scalar& value) {
  Tensor out = native::addcdiv(self, t1, t2, value);
  if (auto n = make_node("AddcdivBackward0", {self, t1, t2}, out.dtype())) {
    if (n->should_compute_output(2)) n->save("tensor1", t1);
    if (n->should_compute_output(1) || n->should_compute_output(2)) n->save("tensor2", t2);
    n->formula = [value](const BackwardCtx& c) -> TensorList {
      TensorList r(3);
      if (c.needs(0)) r[0] = c.grad();                                                      // grad
      if (c.needs(1)) r[1] = mul(c.grad(), div(value_tensor(value), c.get("tensor2")));  // grad * (value / tensor2)
      if (c.needs(2)) {  // -grad * (value * tensor1 / (tensor2 * tensor2))
        Tensor t2 = c.get("tensor2");
        r[2] = mul(neg(c.grad()), div(mul(value_tensor(value), c.get("tensor1")), mul(t2, t2)));
      }
      return r;
    };
    set_history(out, n);
  }
  return out;
}

// TORCH_META_FUNC(linalg_cross) checks; the kernel computes a[1]*b[2] - a[2]*b[1], ... along dim.
Tensor linalg_cross(const Tensor& self, const Tensor& other, int64_t dim) {
  TP_CHECK(self.dim() == other.dim(), "linalg.cross: inputs must have the same number of dimensions.");
  int64_t d = wrap_dim(dim, self.dim());
  TP_CHECK(self.sizes()[size_t(d)] == 3 && other.sizes()[size_t(d)] == 3,
           "linalg.cross: inputs dimension " + std::to_string(dim) + " must have length 3. Got " +
               std::to_string(self.sizes()[size_t(d)]) + " and " + std::to_string(other.sizes()[size_t(d)]));
  Tensor out;
  {
    GradModeGuard off(false);
    auto a = [&](int64_t i) { return select(self, d, i); };
    auto b = [&](int64_t i) { return select(other, d, i); };
    out = stack({sub(mul(a(1), b(2)), mul(a(2), b(1))), sub(mul(a(2), b(0)), mul(a(0), b(2))),
                 sub(mul(a(0), b(1)), mul(a(1), b(0)))}, d);
  }
  if (auto n = make_node("LinalgCrossBackward0", {self, other}, out.dtype())) {
    if (n->should_compute_output(1)) n->save("self", self);
    if (n->should_compute_output(0)) n->save("other", other);
    n->formula = [d](const BackwardCtx& c) -> TensorList {
      return {c.needs(0) ? linalg_cross(c.get("other"), c.grad(), d) : Tensor(),   // cross(other, grad)
              c.needs(1) ? linalg_cross(c.grad(), c.get("self"), d) : Tensor()};   // cross(grad, self)
    };
    set_history(out, n);
  }
  return out;
}

}  // namespace tp
