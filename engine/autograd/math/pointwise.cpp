// Differentiable pointwise ops: each forward beside its derivative (tools/autograd/derivatives.yaml).
// Broadcasting is undone by the engine (InputMeta + sum_to), so formulas return output-shaped grads.
#include <cmath>

#include "autograd/functions.h"
#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "core/error.h"

namespace tp {

namespace {

Tensor times(const Tensor& g, double v) { return v == 1 ? g : mul(g, scalar_tensor(v)); }
Tensor cmp(const Tensor& a, const Tensor& b, CompareOp op) { return native::compare(a, b, op); }
Tensor where0(const Tensor& mask, const Tensor& g) { return where(mask, g, scalar_tensor(0.0)); }

}  // namespace

Tensor add(const Tensor& a, const Tensor& b, const Scalar& alpha) {
  Tensor out = native::add(a, b, alpha);
  if (auto n = make_node("AddBackward0", {a, b}, out.dtype())) {
    double al = alpha.to_double();
    n->formula = [al](const BackwardCtx& c) -> TensorList {
      return {c.grad(), c.needs(1) ? times(c.grad(), al) : Tensor()};  // self: grad; other: grad * alpha
    };
    set_history(out, n);
  }
  return out;
}

Tensor sub(const Tensor& a, const Tensor& b, const Scalar& alpha) {
  Tensor out = native::sub(a, b, alpha);
  if (auto n = make_node("SubBackward0", {a, b}, out.dtype())) {
    double al = alpha.to_double();
    n->formula = [al](const BackwardCtx& c) -> TensorList {
      return {c.grad(), c.needs(1) ? times(c.grad(), -al) : Tensor()};  // other: -grad * alpha
    };
    set_history(out, n);
  }
  return out;
}

// other - alpha * self. A Python number `other` is the Scalar overload (RsubBackward1, one edge).
Tensor rsub(const Tensor& self, const Tensor& other, const Scalar& alpha) {
  Tensor out = native::sub(other, self, alpha);
  double al = alpha.to_double();
  if (other.impl()->is_wrapped_number) {
    if (auto n = make_node("RsubBackward1", {self}, out.dtype())) {
      n->formula = [al](const BackwardCtx& c) -> TensorList { return {times(c.grad(), -al)}; };
      set_history(out, n);
    }
  } else if (auto n = make_node("RsubBackward0", {self, other}, out.dtype())) {
    n->formula = [al](const BackwardCtx& c) -> TensorList {
      return {c.needs(0) ? times(c.grad(), -al) : Tensor(), c.grad()};
    };
    set_history(out, n);
  }
  return out;
}

Tensor mul(const Tensor& a, const Tensor& b) {
  Tensor out = native::mul(a, b);
  if (auto n = make_node("MulBackward0", {a, b}, out.dtype())) {
    if (n->should_compute_output(0)) n->save("other", b);
    if (n->should_compute_output(1)) n->save("self", a);
    n->formula = [](const BackwardCtx& c) -> TensorList {
      return {c.needs(0) ? mul(c.grad(), c.get("other")) : Tensor(),   // self: grad * other
              c.needs(1) ? mul(c.grad(), c.get("self")) : Tensor()};   // other: grad * self
    };
    set_history(out, n);
  }
  return out;
}

Tensor div(const Tensor& a, const Tensor& b) {
  Tensor out = native::div(a, b);
  if (auto n = make_node("DivBackward0", {a, b}, out.dtype())) {
    if (n->should_compute_output(1)) n->save("self", a);
    n->save("other", b);
    n->formula = [](const BackwardCtx& c) -> TensorList {
      Tensor other = c.get("other");
      TensorList r(2);
      if (c.needs(0)) r[0] = div(c.grad(), other);  // self: grad / other
      if (c.needs(1)) r[1] = mul(neg(c.grad()), div(div(c.get("self"), other), other));  // -grad*((self/other)/other)
      return r;
    };
    set_history(out, n);
  }
  return out;
}

Tensor floor_divide(const Tensor& a, const Tensor& b) { return native::floor_divide(a, b); }  // not differentiable

Tensor remainder(const Tensor& a, const Tensor& b) {
  Tensor out = native::remainder(a, b);
  if (b.impl()->is_wrapped_number) {
    if (auto n = make_node("RemainderBackward0", {a}, out.dtype())) {
      n->formula = [](const BackwardCtx& c) -> TensorList { return {c.grad()}; };
      set_history(out, n);
    }
  } else if (auto n = make_node("RemainderBackward1", {a, b}, out.dtype())) {
    if (n->should_compute_output(1)) { n->save("other", b); n->save("self", a); }
    n->formula = [](const BackwardCtx& c) -> TensorList {
      TensorList r{c.grad(), Tensor()};
      if (c.needs(1)) r[1] = mul(neg(c.grad()), tp::unary(div(c.get("self"), c.get("other")), UnaryOp::Floor));
      return r;
    };
    set_history(out, n);
  }
  return out;
}

// fmod.Scalar (FmodBackward0): self: grad. fmod.Tensor (FmodBackward1): self: grad,
// other: -grad * self.div(other, rounding_mode="trunc").
Tensor fmod(const Tensor& a, const Tensor& b) {
  Tensor out = native::fmod(a, b);
  if (b.impl()->is_wrapped_number) {
    if (auto n = make_node("FmodBackward0", {a}, out.dtype())) {
      n->formula = [](const BackwardCtx& c) -> TensorList { return {c.grad()}; };
      set_history(out, n);
    }
  } else if (auto n = make_node("FmodBackward1", {a, b}, out.dtype())) {
    if (n->should_compute_output(1)) { n->save("other", b); n->save("self", a); }
    n->formula = [](const BackwardCtx& c) -> TensorList {
      TensorList r{c.grad(), Tensor()};
      if (c.needs(1)) {
        Tensor q = div(c.get("self"), c.get("other"));  // trunc(q) = sign(q) * floor(|q|)
        Tensor tq = mul(tp::unary(q, UnaryOp::Sign), tp::unary(tp::unary(q, UnaryOp::Abs), UnaryOp::Floor));
        r[1] = mul(neg(c.grad()), tq);
      }
      return r;
    };
    set_history(out, n);
  }
  return out;
}

// x ** 2 is pow.Tensor_Scalar (PowBackward0), 2 ** x pow.Scalar (PowBackward2), x ** y PowBackward1.
Tensor pow(const Tensor& a, const Tensor& b) {
  Tensor out = native::pow(a, b);
  if (b.impl()->is_wrapped_number) {
    if (auto n = make_node("PowBackward0", {a}, out.dtype())) {
      double e = native::item(b).to_double();
      n->save("self", a);
      n->formula = [e](const BackwardCtx& c) -> TensorList {
        if (e == 0) return {zeros_like(c.grad())};
        Tensor self = c.get("self");  // grad * exponent * self^(exponent-1)
        return {mul(c.grad(), times(pow(self, scalar_tensor(e - 1)), e))};
      };
      set_history(out, n);
    }
  } else if (a.impl()->is_wrapped_number) {
    if (auto n = make_node("PowBackward2", {b}, out.dtype())) {
      double base = native::item(a).to_double();
      n->save("exponent", b);
      set_history(out, n);
      n->save("result", out, /*is_output=*/true);
      n->formula = [base](const BackwardCtx& c) -> TensorList {
        // grad * result * log(base), zero where base == 0 and exponent >= 0
        Tensor g = times(mul(c.grad(), c.get("result")), std::log(base));
        if (base == 0) g = where(cmp(c.get("exponent"), scalar_tensor(0.0), CompareOp::Ge), zeros_like(g), g);
        return {g};
      };
    }
  } else if (auto n = make_node("PowBackward1", {a, b}, out.dtype())) {
    n->save("self", a);
    n->save("exponent", b);
    n->save("result", out, /*is_output=*/true);
    n->formula = [](const BackwardCtx& c) -> TensorList {
      Tensor self = c.get("self"), e = c.get("exponent");
      TensorList r(2);
      if (c.needs(0)) {  // where(exponent == 0, 0, grad * exponent * self^(exponent-1))
        Tensor g = mul(mul(c.grad(), e), pow(self, sub(e, scalar_tensor(1.0))));
        r[0] = where(cmp(e, scalar_tensor(0.0), CompareOp::Eq), scalar_tensor(0.0), g);
      }
      if (c.needs(1)) {  // grad * result * log(self), zero where self == 0 and exponent >= 0
        Tensor g = mul(mul(c.grad(), c.get("result")), tp::unary(self, UnaryOp::Log));
        Tensor cond = native::mul(cmp(self, scalar_tensor(0.0), CompareOp::Eq), cmp(e, scalar_tensor(0.0), CompareOp::Ge));
        r[1] = where(cond, scalar_tensor(0.0), g);
      }
      return r;
    };
    set_history(out, n);
  }
  return out;
}

Tensor maximum(const Tensor& a, const Tensor& b) {
  Tensor out = native::maximum(a, b);
  if (auto n = make_node("MaximumBackward0", {a, b}, out.dtype())) {
    n->save("other", b);
    n->save("self", a);
    n->formula = [](const BackwardCtx& c) -> TensorList {
      Tensor self = c.get("self"), other = c.get("other");
      Tensor shared = where(cmp(self, other, CompareOp::Eq), times(c.grad(), 0.5), c.grad());  // ties split
      return {where(cmp(self, other, CompareOp::Lt), scalar_tensor(0.0), shared),
              where(cmp(self, other, CompareOp::Gt), scalar_tensor(0.0), shared)};
    };
    set_history(out, n);
  }
  return out;
}

Tensor minimum(const Tensor& a, const Tensor& b) {
  Tensor out = native::minimum(a, b);
  if (auto n = make_node("MinimumBackward0", {a, b}, out.dtype())) {
    n->save("other", b);
    n->save("self", a);
    n->formula = [](const BackwardCtx& c) -> TensorList {
      Tensor self = c.get("self"), other = c.get("other");
      Tensor shared = where(cmp(self, other, CompareOp::Eq), times(c.grad(), 0.5), c.grad());
      return {where(cmp(self, other, CompareOp::Gt), scalar_tensor(0.0), shared),
              where(cmp(self, other, CompareOp::Lt), scalar_tensor(0.0), shared)};
    };
    set_history(out, n);
  }
  return out;
}

Tensor compare(const Tensor& a, const Tensor& b, CompareOp op) { return native::compare(a, b, op); }
Tensor logical_not(const Tensor& a) { return native::logical_not(a); }

Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b) {
  Tensor out = native::where(cond, a, b);
  if (auto n = make_node("WhereBackward0", {a, b}, out.dtype())) {
    n->save("condition", cond);
    n->formula = [](const BackwardCtx& c) -> TensorList {
      Tensor cnd = c.get("condition");
      return {c.needs(0) ? where(cnd, c.grad(), scalar_tensor(0.0)) : Tensor(),
              c.needs(1) ? where(cnd, scalar_tensor(0.0), c.grad()) : Tensor()};
    };
    set_history(out, n);
  }
  return out;
}

// ---------------------------------------------------------------- unary

namespace {

struct UnaryRule {
  const char* name;
  enum Saves { Nothing, Self, Result } saves;
};

UnaryRule unary_rule(UnaryOp op) {
  switch (op) {
    case UnaryOp::Neg: return {"NegBackward0", UnaryRule::Nothing};
    case UnaryOp::Abs: return {"AbsBackward0", UnaryRule::Self};
    case UnaryOp::Exp: return {"ExpBackward0", UnaryRule::Result};
    case UnaryOp::Log: return {"LogBackward0", UnaryRule::Self};
    case UnaryOp::Sqrt: return {"SqrtBackward0", UnaryRule::Result};
    case UnaryOp::Sin: return {"SinBackward0", UnaryRule::Self};
    case UnaryOp::Cos: return {"CosBackward0", UnaryRule::Self};
    case UnaryOp::Tanh: return {"TanhBackward0", UnaryRule::Result};
    case UnaryOp::Sigmoid: return {"SigmoidBackward0", UnaryRule::Result};
    case UnaryOp::Relu: return {"ReluBackward0", UnaryRule::Result};
    case UnaryOp::Reciprocal: return {"ReciprocalBackward0", UnaryRule::Result};
    case UnaryOp::Sign: return {"SignBackward0", UnaryRule::Nothing};
    case UnaryOp::Floor: return {"FloorBackward0", UnaryRule::Nothing};
    case UnaryOp::Ceil: return {"CeilBackward0", UnaryRule::Nothing};
    case UnaryOp::Round: return {"RoundBackward0", UnaryRule::Nothing};
    case UnaryOp::Rsqrt: return {"RsqrtBackward0", UnaryRule::Result};
    case UnaryOp::Log1p: return {"Log1PBackward0", UnaryRule::Self};
    case UnaryOp::Expm1: return {"Expm1Backward0", UnaryRule::Result};
    case UnaryOp::Log2: return {"Log2Backward0", UnaryRule::Self};
    case UnaryOp::Log10: return {"Log10Backward0", UnaryRule::Self};
    case UnaryOp::Sinh: return {"SinhBackward0", UnaryRule::Self};
    case UnaryOp::Cosh: return {"CoshBackward0", UnaryRule::Self};
    case UnaryOp::Trunc: return {"TruncBackward0", UnaryRule::Nothing};
    case UnaryOp::Frac: return {"FracBackward0", UnaryRule::Nothing};
    case UnaryOp::Erf: return {"ErfBackward0", UnaryRule::Self};
    case UnaryOp::Sgn: return {"SgnBackward0", UnaryRule::Nothing};  // saves self/result only for complex
    case UnaryOp::Tan: return {"TanBackward0", UnaryRule::Result};
    case UnaryOp::Asin: return {"AsinBackward0", UnaryRule::Self};
    case UnaryOp::Acos: return {"AcosBackward0", UnaryRule::Self};
    case UnaryOp::Atan: return {"AtanBackward0", UnaryRule::Self};
    case UnaryOp::Asinh: return {"AsinhBackward0", UnaryRule::Self};
    case UnaryOp::Acosh: return {"AcoshBackward0", UnaryRule::Self};
    case UnaryOp::Atanh: return {"AtanhBackward0", UnaryRule::Self};
    case UnaryOp::Erfc: return {"ErfcBackward0", UnaryRule::Self};
    case UnaryOp::Erfinv: return {"ErfinvBackward0", UnaryRule::Self};
    case UnaryOp::Exp2: return {"Exp2Backward0", UnaryRule::Result};
    case UnaryOp::Lgamma: return {"LgammaBackward0", UnaryRule::Self};
    case UnaryOp::Digamma: return {"DigammaBackward0", UnaryRule::Self};
    case UnaryOp::Trigamma: return {"PolygammaBackward0", UnaryRule::Nothing};
    case UnaryOp::Deg2rad: return {"Deg2RadBackward0", UnaryRule::Nothing};
    case UnaryOp::Rad2deg: return {"Rad2DegBackward0", UnaryRule::Nothing};
  }
  throw InternalError("unknown unary op");
}

// d(op)/dx times grad, given the saved input `x` or result `y`.
Tensor unary_backward(UnaryOp op, const Tensor& g, const Tensor& x, const Tensor& y) {
  switch (op) {
    case UnaryOp::Neg: return neg(g);
    case UnaryOp::Abs: return mul(g, tp::unary(x, UnaryOp::Sign));               // grad * self.sgn()
    case UnaryOp::Exp: return mul(g, y);                                      // grad * result
    case UnaryOp::Log: return div(g, x);                                      // grad / self
    case UnaryOp::Sqrt: return div(g, times(y, 2));                           // grad / (2 * result)
    case UnaryOp::Sin: return mul(g, tp::unary(x, UnaryOp::Cos));                // grad * self.cos()
    case UnaryOp::Cos: return mul(g, neg(tp::unary(x, UnaryOp::Sin)));           // grad * -self.sin()
    case UnaryOp::Tanh: return mul(g, rsub(mul(y, y), scalar_tensor(1.0)));  // grad * (1 - result^2)
    case UnaryOp::Sigmoid: return mul(mul(g, rsub(y, scalar_tensor(1.0))), y);  // grad * (1 - result) * result
    case UnaryOp::Relu: return where0(cmp(y, scalar_tensor(0.0), CompareOp::Gt), g);  // threshold_backward
    case UnaryOp::Reciprocal: return mul(neg(g), mul(y, y));                  // -grad * result^2
    case UnaryOp::Sign: case UnaryOp::Floor: case UnaryOp::Ceil: case UnaryOp::Round: return zeros_like(g);
    case UnaryOp::Rsqrt: return mul(times(g, -0.5), mul(mul(y, y), y));       // -0.5 * grad * result^3
    case UnaryOp::Log1p: return div(g, add(x, scalar_tensor(1.0)));          // grad / (self + 1)
    case UnaryOp::Expm1: return mul(g, add(y, scalar_tensor(1.0)));          // grad * (result + 1)
    case UnaryOp::Log2: return div(g, times(x, 0.6931471805599453));          // grad / (self * ln 2)
    case UnaryOp::Log10: return div(g, times(x, 2.3025850929940456));         // grad / (self * ln 10)
    case UnaryOp::Sinh: return mul(g, tp::unary(x, UnaryOp::Cosh));           // grad * self.cosh()
    case UnaryOp::Cosh: return mul(g, tp::unary(x, UnaryOp::Sinh));           // grad * self.sinh()
    case UnaryOp::Trunc: case UnaryOp::Sgn: return zeros_like(g);             // zero (sgn_backward, real)
    case UnaryOp::Frac: return g;                                             // grad
    case UnaryOp::Erf:  // 2 / sqrt(pi) * exp(-self^2) * grad
      return mul(times(tp::unary(neg(mul(x, x)), UnaryOp::Exp), 1.1283791670955126), g);
    case UnaryOp::Tan: return mul(g, add(mul(y, y), scalar_tensor(1.0)));                 // grad * (1 + result^2)
    case UnaryOp::Asin:  // grad * (-self * self + 1).rsqrt()
      return mul(g, tp::unary(add(mul(neg(x), x), scalar_tensor(1.0)), UnaryOp::Rsqrt));
    case UnaryOp::Acos:  // grad * -((-self * self + 1).rsqrt())
      return mul(g, neg(tp::unary(add(mul(neg(x), x), scalar_tensor(1.0)), UnaryOp::Rsqrt)));
    case UnaryOp::Atan: return div(g, add(mul(x, x), scalar_tensor(1.0)));                // grad / (self * self + 1)
    case UnaryOp::Asinh:  // grad * (self.pow(2) + 1).rsqrt()
      return mul(g, tp::unary(add(mul(x, x), scalar_tensor(1.0)), UnaryOp::Rsqrt));
    case UnaryOp::Acosh:  // grad * (self.pow(2) - 1).rsqrt()
      return mul(g, tp::unary(sub(mul(x, x), scalar_tensor(1.0)), UnaryOp::Rsqrt));
    case UnaryOp::Atanh: return mul(g, tp::unary(rsub(mul(x, x), scalar_tensor(1.0)), UnaryOp::Reciprocal));  // grad * 1 / (1 - self^2)
    case UnaryOp::Erfc:  // -2 / sqrt(pi) * exp(-self^2) * grad
      return mul(times(tp::unary(neg(mul(x, x)), UnaryOp::Exp), -1.1283791670955126), g);
    case UnaryOp::Erfinv:  // 0.5 * sqrt(pi) * exp(self.erfinv().pow(2)) * grad
      return mul(times(tp::unary(pow(tp::unary(x, UnaryOp::Erfinv), scalar_tensor(2.0)), UnaryOp::Exp), 0.88622692545275801365), g);
    case UnaryOp::Exp2: return times(mul(g, y), 0.6931471805599453);                    // grad * result * ln 2
    case UnaryOp::Lgamma: return mul(g, tp::unary(x, UnaryOp::Digamma));              // grad * digamma(self)
    case UnaryOp::Digamma: return mul(g, tp::unary(x, UnaryOp::Trigamma));            // grad * polygamma(1, self)
    case UnaryOp::Trigamma:  // polygamma(2, x) is not implemented: refuse rather than give a wrong value
      throw TorchError("NotImplementedError", "tensorplay: the derivative of polygamma(1, x) is not supported");
    case UnaryOp::Deg2rad: return times(g, 0.017453292519943295769236907684886127134428718885417);  // deg2rad_backward
    case UnaryOp::Rad2deg: return times(g, 57.295779513082320876798154814105170332405472466564);    // rad2deg_backward
  }
  throw InternalError("unknown unary op");
}

}  // namespace

Tensor neg(const Tensor& a) { return tp::unary(a, UnaryOp::Neg); }

Tensor unary(const Tensor& a, UnaryOp op) {
  Tensor out = native::unary(a, op);
  UnaryRule rule = unary_rule(op);
  if (auto n = make_node(rule.name, {a}, out.dtype())) {
    if (rule.saves == UnaryRule::Self) n->save("self", a);
    set_history(out, n);
    if (rule.saves == UnaryRule::Result) n->save("result", out, /*is_output=*/true);
    auto saves = rule.saves;
    n->formula = [op, saves](const BackwardCtx& c) -> TensorList {
      Tensor x = saves == UnaryRule::Self ? c.get("self") : Tensor();
      Tensor y = saves == UnaryRule::Result ? c.get("result") : Tensor();
      return {unary_backward(op, c.grad(), x, y)};
    };
  }
  return out;
}

Tensor clamp(const Tensor& a, std::optional<Scalar> min, std::optional<Scalar> max) {
  Tensor out = native::clamp(a, min, max);
  if (auto n = make_node("ClampBackward1", {a}, out.dtype())) {
    n->save("self", a);
    n->formula = [min, max](const BackwardCtx& c) -> TensorList {
      Tensor self = c.get("self"), g = c.grad();  // grad where min <= self <= max (subgradient 1 at the ends)
      if (min) g = where0(cmp(self, native::wrap_scalar(*min), CompareOp::Ge), g);
      if (max) g = where0(cmp(self, native::wrap_scalar(*max), CompareOp::Le), g);
      return {g};
    };
    set_history(out, n);
  }
  return out;
}

}  // namespace tp
