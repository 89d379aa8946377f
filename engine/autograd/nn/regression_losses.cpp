// Regression and binary-classification losses of torch.nn.functional (aten/src/ATen/native/Loss.cpp,
// torch/nn/functional.py): l1_loss is composite ((input - target).abs() then mean/sum); smooth_l1,
// huber, binary_cross_entropy(_with_logits) are fused ops with their own backward nodes.
#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "autograd/nn_functions.h"
#include "core/context.h"
#include "core/error.h"
#include "ops/nn_kernels.h"

namespace tp {

namespace {

Tensor num(double v) { return scalar_tensor(v); }

void check_reduction(const std::string& reduction) {  // _Reduction.get_enum
  if (reduction != "mean" && reduction != "sum" && reduction != "none")
    throw_value(reduction + " is not a valid value for reduction");
}

// functional.py's size warning, then torch.broadcast_tensors (tensors of the full shape pass as they are).
std::pair<Tensor, Tensor> broadcast_with_warning(const Tensor& input, const Tensor& target) {
  if (input.sizes() != target.sizes())
    ctx().warn("Using a target size (torch.Size(" + shape_str(target.sizes()) +
               ")) that is different to the input size (torch.Size(" + shape_str(input.sizes()) +
               ")). This will likely lead to incorrect results due to broadcasting. Please ensure they have the "
               "same size.");
  Shape full = native::broadcast_shapes(input.sizes(), target.sizes());
  return {input.sizes() == full ? input : expand(input, full), target.sizes() == full ? target : expand(target, full)};
}

// apply_loss_reduction on an unrecorded elementwise loss (the fused ops reduce inside the op).
Tensor reduce_native(const Tensor& loss, const std::string& reduction) {
  if (reduction == "mean") return native::mean(loss, {}, false, std::nullopt);
  if (reduction == "sum") return native::sum(loss, {}, false, std::nullopt);
  return loss;
}

// 1/N for "mean", 1 otherwise: the `norm` of the backward kernels.
double norm_of(const std::string& reduction, const Tensor& input) {
  return reduction == "mean" ? 1.0 / double(input.numel()) : 1.0;
}

}  // namespace

Tensor l1_loss(const Tensor& input, const Tensor& target, const std::string& reduction) {
  auto [in, tg] = broadcast_with_warning(input, target);
  check_reduction(reduction);
  Tensor loss = unary(sub(in, tg), UnaryOp::Abs);
  if (reduction == "mean") return mean(loss, {}, false, std::nullopt);
  if (reduction == "sum") return sum(loss, {}, false, std::nullopt);
  return loss;
}

Tensor smooth_l1_loss(const Tensor& input, const Tensor& target, const std::string& reduction, double beta) {
  auto [in, tg] = broadcast_with_warning(input, target);
  check_reduction(reduction);
  if (beta == 0.0) return l1_loss(in, tg, reduction);  // functional.py calls l1_loss for beta == 0
  TP_CHECK(beta >= 0, "smooth_l1_loss does not support negative values for beta.");
  Tensor out = reduce_native(native::smooth_l1(in, tg, beta), reduction);
  if (auto n = make_node("SmoothL1LossBackward0", {in, tg}, out.dtype())) {
    n->save("self", in);
    n->save("target", tg);
    double norm = norm_of(reduction, in);
    n->formula = [norm, beta](const BackwardCtx& c) -> TensorList {
      // smooth_l1_backward: x = self - target; x <= -beta ? -norm * grad : x >= beta ? norm * grad
      //                     : norm * x * grad / beta; target: the negation
      Tensor x = sub(c.get("self"), c.get("target"));
      Tensor inner = div(mul(mul(num(norm), x), c.grad()), num(beta));
      Tensor g = where(compare(x, num(-beta), CompareOp::Le), mul(num(-norm), c.grad()),
                       where(compare(x, num(beta), CompareOp::Ge), mul(num(norm), c.grad()), inner));
      return {c.needs(0) ? g : Tensor(), c.needs(1) ? neg(g) : Tensor()};
    };
    set_history(out, n);
  }
  return out;
}

Tensor huber_loss(const Tensor& input, const Tensor& target, const std::string& reduction, double delta) {
  auto [in, tg] = broadcast_with_warning(input, target);
  check_reduction(reduction);
  TP_CHECK(delta > 0, "huber_loss does not support non-positive values for delta.");
  Tensor out = reduce_native(native::huber(in, tg, delta), reduction);
  if (auto n = make_node("HuberLossBackward0", {in, tg}, out.dtype())) {
    n->save("self", in);
    n->save("target", tg);
    double norm = norm_of(reduction, in);
    n->formula = [norm, delta](const BackwardCtx& c) -> TensorList {
      // huber_backward: x = self - target; x <= -delta ? -norm * grad * delta : x >= delta ? norm * grad * delta
      //                 : norm * x * grad; target: the negation
      Tensor x = sub(c.get("self"), c.get("target"));
      Tensor g = where(compare(x, num(-delta), CompareOp::Le), mul(mul(num(-norm), c.grad()), num(delta)),
                       where(compare(x, num(delta), CompareOp::Ge), mul(mul(num(norm), c.grad()), num(delta)),
                             mul(mul(num(norm), x), c.grad())));
      return {c.needs(0) ? g : Tensor(), c.needs(1) ? neg(g) : Tensor()};
    };
    set_history(out, n);
  }
  return out;
}

Tensor binary_cross_entropy(const Tensor& input, const Tensor& target, const Tensor& weight,
                            const std::string& reduction) {
  if (target.sizes() != input.sizes())
    throw_value("Using a target size (torch.Size(" + shape_str(target.sizes()) +
                ")) that is different to the input size (torch.Size(" + shape_str(input.sizes()) +
                ")) is deprecated. Please ensure they have the same size.");
  check_reduction(reduction);
  Tensor w = weight.defined() ? expand(weight, native::broadcast_shapes(target.sizes(), weight.sizes())) : weight;
  Tensor loss = native::binary_cross_entropy(input, target);
  if (w.defined()) loss = native::mul(loss, w);
  Tensor out = reduce_native(loss, reduction);
  if (auto n = make_node("BinaryCrossEntropyBackward0", {input, target}, out.dtype())) {
    n->save("self", input);
    n->save("target", target);
    if (w.defined()) n->save("weight", w);
    bool weighted = w.defined(), mean_ = reduction == "mean";
    int64_t count = input.numel();
    n->formula = [weighted, mean_, count](const BackwardCtx& c) -> TensorList {
      Tensor x = c.get("self"), y = c.get("target");
      auto finish = [&](Tensor g) {
        if (weighted) g = mul(g, c.get("weight"));
        return mean_ ? div(g, num(double(count))) : g;
      };
      TensorList r(2);
      // self: grad * (x - y) / max((1 - x) * x, EPSILON) [* weight] [/ numel]
      if (c.needs(0))
        r[0] = finish(div(mul(c.grad(), sub(x, y)),
                          clamp(mul(rsub(x, num(1)), x), Scalar::from_double(double(1e-12f)), std::nullopt)));
      // target: -logit(x) * grad [* weight] [/ numel]
      if (c.needs(1)) r[1] = finish(mul(neg(unary(div(x, rsub(x, num(1))), UnaryOp::Log)), c.grad()));
      return r;
    };
    set_history(out, n);
  }
  return out;
}

Tensor binary_cross_entropy_with_logits(const Tensor& input, const Tensor& target, const Tensor& weight,
                                        const Tensor& pos_weight, const std::string& reduction) {
  if (target.sizes() != input.sizes())
    throw_value("Target size (torch.Size(" + shape_str(target.sizes()) + ")) must be the same as input size (torch.Size(" +
                shape_str(input.sizes()) + "))");
  check_reduction(reduction);
  Tensor out;
  {
    GradModeGuard off(false);
    // loss = (1 - target) * input - log_sigmoid(input) * ((pos_weight - 1) * target + 1)
    Tensor log_sig = native::log_sigmoid(input);
    if (pos_weight.defined()) log_sig = mul(log_sig, add(mul(sub(pos_weight, num(1)), target), num(1)));
    Tensor loss = sub(mul(rsub(target, num(1)), input), log_sig);
    if (weight.defined()) loss = mul(loss, weight);
    out = reduce_native(loss, reduction);
  }
  if (auto n = make_node("BinaryCrossEntropyWithLogitsBackward0", {input, target}, out.dtype())) {
    n->save("self", input);
    n->save("target", target);
    if (weight.defined()) n->save("weight", weight);
    if (pos_weight.defined()) n->save("pos_weight", pos_weight);
    bool weighted = weight.defined(), has_pos = pos_weight.defined(), mean_ = reduction == "mean";
    int64_t count = input.numel();
    n->formula = [weighted, has_pos, mean_, count](const BackwardCtx& c) -> TensorList {
      Tensor x = c.get("self"), y = c.get("target");
      auto finish = [&](Tensor g) {
        g = mul(g, c.grad());
        if (weighted) g = mul(g, c.get("weight"));
        return mean_ ? div(g, num(double(count))) : g;
      };
      TensorList r(2);
      if (c.needs(0)) {
        // self: (pos_weight * y + 1 - y) * sigmoid(x) - pos_weight * y, or sigmoid(x) - y
        Tensor s = unary(x, UnaryOp::Sigmoid);
        if (has_pos) {
          Tensor t = mul(c.get("pos_weight"), y);
          r[0] = finish(sub(mul(sub(add(t, num(1)), y), s), t));
        } else {
          r[0] = finish(sub(s, y));
        }
      }
      if (c.needs(1)) {
        // target: log_sigmoid(-x) - log_sigmoid(x) * pos_weight, or -x
        r[1] = finish(has_pos ? sub(native::log_sigmoid(neg(x)), mul(native::log_sigmoid(x), c.get("pos_weight")))
                              : neg(x));
      }
      return r;
    };
    set_history(out, n);
  }
  return out;
}

}  // namespace tp
