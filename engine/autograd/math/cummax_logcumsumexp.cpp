// Differentiable cummax / cummin and logcumsumexp with derivatives.yaml's formulas
// (FunctionsManual.cpp cummaxmin_backward, logcumsumexp_backward).
#include "autograd/math/cummax_logcumsumexp.h"

#include <limits>

#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "core/error.h"

namespace tp {

namespace {

std::pair<Tensor, Tensor> cum_extremum(const Tensor& self, int64_t dim, bool is_max) {
  auto r = native::cummax_cummin(self, dim, is_max);
  if (auto n = make_node(is_max ? "CummaxBackward0" : "CumminBackward0", {self}, r.first.dtype())) {
    n->save("indices", r.second);
    Shape sizes = self.sizes();
    int64_t d = self.dim() == 0 ? 0 : wrap_dim(dim, self.dim());
    n->formula = [sizes, d](const BackwardCtx& c) -> TensorList {
      // cummaxmin_backward: zeros(input).scatter_add(dim, indices, grad)
      if (shape_numel(sizes) == 0) return {zeros_like(c.grad())};
      return {scatter_add(native::zeros(sizes, c.grad().dtype(), c.grad().device()), d, c.get("indices"), c.grad())};
    };
    set_history(r.first, n);
  }
  return r;
}

}  // namespace

std::pair<Tensor, Tensor> cummax(const Tensor& self, int64_t dim) { return cum_extremum(self, dim, true); }
std::pair<Tensor, Tensor> cummin(const Tensor& self, int64_t dim) { return cum_extremum(self, dim, false); }

Tensor logcumsumexp(const Tensor& self, int64_t dim) {
  Tensor out = native::logcumsumexp(self, dim);
  if (auto n = make_node("LogcumsumexpBackward0", {self}, out.dtype())) {
    n->save("self", self);
    n->save("result", out, /*is_output=*/true);
    int64_t d = self.dim() == 0 ? 0 : wrap_dim(dim, self.dim());
    n->formula = [d](const BackwardCtx& c) -> TensorList {
      const Tensor& grad = c.grad();
      if (grad.dim() == 0 || grad.numel() == 0) return {grad};
      // logcumsumexp_backward: positive and negative parts of grad in log space, each pushed back
      // through a reversed logcumsumexp: sum_{i>=j} grad_i * exp(self_j - result_i).
      Tensor self = c.get("self"), result = c.get("result");
      double lowest = grad.dtype() == DType::Float64 ? std::numeric_limits<double>::lowest()
                                                    : double(std::numeric_limits<float>::lowest());
      Tensor grad_min = native::full({}, Scalar::from_double(lowest), grad.dtype(), grad.device());
      Tensor zero = scalar_tensor(0.0);
      Tensor log_abs_grad = unary(unary(grad, UnaryOp::Abs), UnaryOp::Log);
      Tensor log_pos = where(compare(grad, zero, CompareOp::Gt), log_abs_grad, grad_min);
      Tensor log_neg = where(compare(grad, zero, CompareOp::Lt), log_abs_grad, grad_min);
      auto reverse_lcse = [d](const Tensor& x) { return flip(logcumsumexp(flip(x, {d}), d), {d}); };
      Tensor out_pos = unary(add(reverse_lcse(sub(log_pos, result)), self), UnaryOp::Exp);
      Tensor out_neg = unary(add(reverse_lcse(sub(log_neg, result)), self), UnaryOp::Exp);
      return {sub(out_pos, out_neg)};
    };
    set_history(out, n);
  }
  return out;
}

}  // namespace tp
