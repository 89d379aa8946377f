// Differentiable clamp_min / clamp_max, round(decimals=N), lerp and unique, each forward beside its
// derivative from tools/autograd/derivatives.yaml (broadcast inputs are summed back by the engine).
#include "autograd/math/clamp_round_lerp.h"
#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "core/error.h"
#include "ops/math/clamp_round_lerp.h"

namespace tp {

namespace {

Tensor cmp(const Tensor& a, const Tensor& b, CompareOp op) { return native::compare(a, b, op); }
Tensor grad_where(const Tensor& mask, const Tensor& g) { return where(mask, g, scalar_tensor(0.0)); }

// clamp_min / clamp_max with a number: the gradient passes where self is on the kept side
// (subgradient 1 at the bound): where(self >= min, grad, 0) / where(self <= max, grad, 0).
Tensor clamp_one_scalar(const Tensor& self, const Scalar& bound, bool is_min) {
  Tensor out = is_min ? native::clamp(self, bound, std::nullopt) : native::clamp(self, std::nullopt, bound);
  if (auto n = make_node(is_min ? "ClampMinBackward0" : "ClampMaxBackward0", {self}, out.dtype())) {
    n->save("self", self);
    n->formula = [bound, is_min](const BackwardCtx& c) -> TensorList {
      CompareOp keep = is_min ? CompareOp::Ge : CompareOp::Le;
      return {grad_where(cmp(c.get("self"), native::wrap_scalar(bound), keep), c.grad())};
    };
    set_history(out, n);
  }
  return out;
}

// With a tensor bound the result is maximum / minimum (clamp_min_Tensor_out uses maximum_stub);
// self keeps the gradient on its side of the bound, the bound gets it strictly beyond.
Tensor clamp_one_tensor(const Tensor& self, const Tensor& bound, bool is_min) {
  Tensor out = is_min ? native::maximum(self, bound) : native::minimum(self, bound);
  if (auto n = make_node(is_min ? "ClampMinBackward1" : "ClampMaxBackward1", {self, bound}, out.dtype())) {
    n->save("self", self);
    n->save(is_min ? "min" : "max", bound);
    n->formula = [is_min](const BackwardCtx& c) -> TensorList {
      Tensor s = c.get("self"), b = c.get(is_min ? "min" : "max");
      TensorList r(2);
      if (c.needs(0)) r[0] = grad_where(cmp(s, b, is_min ? CompareOp::Ge : CompareOp::Le), c.grad());
      if (c.needs(1)) r[1] = grad_where(cmp(s, b, is_min ? CompareOp::Lt : CompareOp::Gt), c.grad());
      return r;
    };
    set_history(out, n);
  }
  return out;
}

}  // namespace

Tensor clamp_min(const Tensor& self, const Scalar& min) { return clamp_one_scalar(self, min, true); }
Tensor clamp_min(const Tensor& self, const Tensor& min) { return clamp_one_tensor(self, min, true); }
Tensor clamp_max(const Tensor& self, const Scalar& max) { return clamp_one_scalar(self, max, false); }
Tensor clamp_max(const Tensor& self, const Tensor& max) { return clamp_one_tensor(self, max, false); }

Tensor round_decimals(const Tensor& self, int64_t decimals) {
  Tensor out = native::round_decimals(self, decimals);
  if (auto n = make_node("RoundBackward1", {self}, out.dtype())) {
    n->formula = [](const BackwardCtx& c) -> TensorList { return {zeros_like(c.grad())}; };  // zeros_like(grad)
    set_history(out, n);
  }
  return out;
}

Tensor lerp(const Tensor& self, const Tensor& end, const Scalar& weight) {
  Tensor out = native::lerp(self, end, weight);
  if (auto n = make_node("LerpBackward0", {self, end}, out.dtype())) {
    n->formula = [weight](const BackwardCtx& c) -> TensorList {
      TensorList r(2);
      if (c.needs(0)) r[0] = mul(c.grad(), scalar_tensor(1 - weight.to_double()));  // grad * (1 - weight)
      if (c.needs(1)) r[1] = mul(c.grad(), native::wrap_scalar(weight));            // grad * weight
      return r;
    };
    set_history(out, n);
  }
  return out;
}

Tensor lerp(const Tensor& self, const Tensor& end, const Tensor& weight) {
  Tensor out = native::lerp(self, end, weight);
  if (auto n = make_node("LerpBackward1", {self, end, weight}, out.dtype())) {
    if (n->should_compute_output(0) || n->should_compute_output(1)) n->save("weight", weight);
    if (n->should_compute_output(2)) {
      n->save("end", end);
      n->save("self", self);
    }
    n->formula = [](const BackwardCtx& c) -> TensorList {
      TensorList r(3);
      if (c.needs(0)) r[0] = mul(c.grad(), rsub(c.get("weight"), scalar_tensor(1.0)));  // grad * (1 - weight)
      if (c.needs(1)) r[1] = mul(c.grad(), c.get("weight"));                             // grad * weight
      if (c.needs(2)) r[2] = mul(c.grad(), sub(c.get("end"), c.get("self")));            // grad * (end - self)
      return r;
    };
    set_history(out, n);
  }
  return out;
}

native::UniqueResult unique(const Tensor& self) {
  native::UniqueResult r = native::unique(self);
  if (auto n = make_node("Unique2Backward0", {self}, r.values.dtype())) {
    n->formula = [](const BackwardCtx&) -> TensorList {  // self: not_implemented("_unique2")
      throw TorchError("NotImplementedError", "the derivative for '_unique2' is not implemented.");
    };
    set_history(r.values, n);
  }
  return r;
}

}  // namespace tp
