// atan2, hypot, fmax/fmin, nan_to_num, addcmul/addcdiv beside their derivatives
// (tools/autograd/derivatives.yaml, FunctionsManual.cpp atan2_backward). Formulas return
// output-shaped grads; the engine sums broadcast dims away.
#include "autograd/math_more.h"

#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "ops/float_class.h"

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

}  // namespace tp
