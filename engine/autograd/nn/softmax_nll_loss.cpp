// softmax / log_softmax along a dim (SoftMax.cpp) and the classification losses of LossNLL.cpp:
// nll_loss for (N, C) and (C,) inputs with class-index targets, and cross_entropy, which is
// nll_loss(log_softmax(input, class_dim)) so its grad_fn is NllLossBackward0.
#include <cmath>
#include <limits>

#include "autograd/functions.h"
#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "core/error.h"

namespace tp {

namespace {

// Runs f(lane values) -> lane values over every lane along dim, in double, into x's dtype.
template <class F>
Tensor map_lanes(const Tensor& x, int64_t dim, F f) {
  int64_t d = wrap_dim(dim, std::max<int64_t>(x.dim(), 1));
  std::vector<double> v = values_of(x), r(v.size());
  int64_t outer = 1, len = 1, inner = 1;
  if (x.dim() > 0) {
    for (int64_t k = 0; k < d; ++k) outer *= x.size(k);
    len = x.size(d);
    for (int64_t k = d + 1; k < x.dim(); ++k) inner *= x.size(k);
  }
  std::vector<double> lane(static_cast<size_t>(len), 0.0);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t q = 0; q < inner; ++q) {
      for (int64_t i = 0; i < len; ++i) lane[size_t(i)] = v[size_t((o * len + i) * inner + q)];
      f(lane);
      for (int64_t i = 0; i < len; ++i) r[size_t((o * len + i) * inner + q)] = lane[size_t(i)];
    }
  return tensor_from_values(r, x.sizes(), x.dtype(), x.device());
}

void check_softmax_dtype(const Tensor& x, int64_t dim, bool log) {
  int64_t d = wrap_dim(dim, std::max<int64_t>(x.dim(), 1));
  if (is_floating(x.dtype())) return;
  bool last = x.dim() == 0 || d == x.dim() - 1;
  throw_runtime(std::string("\"") + (log ? "log_softmax" : "softmax") + (last ? "_lastdim" : "") +
                "_kernel_impl\" not implemented for '" + scalar_type_name(x.dtype()) + "'");
}

double lane_max(const std::vector<double>& v) {
  double m = -std::numeric_limits<double>::infinity();
  for (double a : v) m = std::isnan(a) || a > m ? a : m;
  return m;
}

}  // namespace

Tensor softmax(const Tensor& x, int64_t dim) {
  check_softmax_dtype(x, dim, false);
  Tensor out = map_lanes(x, dim, [](std::vector<double>& v) {
    double m = lane_max(v), s = 0;
    for (double& a : v) s += (a = std::exp(a - m));
    for (double& a : v) a /= s;
  });
  if (auto n = make_node("SoftmaxBackward0", {x}, out.dtype())) {
    n->save("result", out, /*is_output=*/true);
    n->formula = [dim](const BackwardCtx& c) -> TensorList {
      // result * (grad - (grad * result).sum(dim, keepdim=True))
      Tensor y = c.get("result");
      return {mul(y, sub(c.grad(), sum(mul(c.grad(), y), {dim}, true, std::nullopt)))};
    };
    set_history(out, n);
  }
  return out;
}

Tensor log_softmax(const Tensor& x, int64_t dim) {
  check_softmax_dtype(x, dim, true);
  Tensor out = map_lanes(x, dim, [](std::vector<double>& v) {
    double m = lane_max(v), s = 0;
    for (double a : v) s += std::exp(a - m);
    double ls = std::log(s);
    for (double& a : v) a = a - m - ls;
  });
  if (auto n = make_node("LogSoftmaxBackward0", {x}, out.dtype())) {
    n->save("result", out, /*is_output=*/true);
    n->formula = [dim](const BackwardCtx& c) -> TensorList {
      // grad - exp(result) * grad.sum(dim, keepdim=True)
      Tensor e = unary(c.get("result"), UnaryOp::Exp);
      return {sub(c.grad(), mul(e, sum(c.grad(), {dim}, true, std::nullopt)))};
    };
    set_history(out, n);
  }
  return out;
}

namespace {

// nll_loss_out_frame's reduced sum: a cascade of partial sums (8 levels) in the input's dtype,
// so float32 results round as PyTorch's do.
template <class T>
std::pair<T, T> cascade_nll(const std::vector<double>& x, const std::vector<int64_t>& t, const std::vector<double>& w,
                            int64_t n_classes, int64_t batch, int64_t ignore_index) {
  constexpr int64_t levels = 8;
  int64_t ceil_log2 = 0;
  while ((int64_t(1) << ceil_log2) < batch) ++ceil_log2;
  const int64_t power = std::max<int64_t>(4, ceil_log2 / levels);
  const int64_t mask0 = (int64_t(1) << power) - 1;
  T wsum[levels] = {}, lsum[levels] = {};
  int64_t ignored = 0;
  for (int64_t b = 0; b < batch; ++b) {
    int64_t cur = t[size_t(b)];
    if (cur == ignore_index) {
      ++ignored;
      continue;
    }
    T data = T(x[size_t(b * n_classes + cur)]);
    if (!w.empty()) {
      T wv = T(w[size_t(cur)]);
      lsum[0] -= data * wv;
      wsum[0] += wv;
    } else {
      lsum[0] -= data;
    }
    for (int64_t j = 0; j + 1 < levels; ++j) {
      if ((b & (mask0 << (j * power))) != 0) break;
      wsum[j + 1] += wsum[j];
      lsum[j + 1] += lsum[j];
      wsum[j] = 0;
      lsum[j] = 0;
    }
  }
  T total = 0, loss = 0;
  if (w.empty()) {
    total = T(batch - ignored);
  } else {
    for (T v : wsum) total += v;
  }
  for (T v : lsum) loss += v;
  return {loss, total};
}

}  // namespace

Tensor nll_loss(const Tensor& input, const Tensor& target, const Tensor& weight, const std::string& reduction,
                int64_t ignore_index) {
  if (reduction != "mean" && reduction != "sum" && reduction != "none")
    throw_value(reduction + " is not a valid value for reduction");  // _Reduction.get_enum
  // nll_loss_nd
  if (input.dim() < 1) throw_value("Expected 1 or more dimensions (got " + std::to_string(input.dim()) + ")");
  if (input.dim() != 1 && target.dim() > 0 && input.size(0) != target.size(0))
    throw_value("Expected input batch_size (" + std::to_string(input.size(0)) + ") to match target batch_size (" +
                std::to_string(target.size(0)) + ").");
  if (input.dim() > 2)
    throw TorchError("NotImplementedError",
                     "nll_loss() of a " + std::to_string(input.dim()) + "-D input is not supported by the playground");
  // TORCH_META_FUNC(nll_loss_forward)
  TP_CHECK(target.dim() <= 1, "0D or 1D target tensor expected, multi-target not supported");
  bool no_batch_dim = input.dim() == 1 && target.dim() == 0;
  TP_CHECK(no_batch_dim || (target.dim() > 0 && input.size(0) == target.size(0)),
           "size mismatch (got input: " + shape_str(input.sizes()) + ", target: " + shape_str(target.sizes()) + ")");
  TP_CHECK(!(input.dim() == 1 && target.dim() == 1),
           "Expected target to be 0D when input is 1D, but got target.dim =" + std::to_string(target.dim()));
  int64_t n_classes = input.size(-1);
  TP_CHECK(!weight.defined() || (weight.dim() == 1 && weight.numel() == n_classes),
           "weight tensor should be defined either for all " + std::to_string(n_classes) +
               " classes or no classes but got weight tensor of shape: " + shape_str(weight.sizes()));
  TP_CHECK(is_floating(input.dtype()),
           "\"nll_loss_out_frame\" not implemented for '" + scalar_type_name(input.dtype()) + "'");
  TP_CHECK(target.dtype() == DType::Int64,
           "expected scalar type Long but found " + scalar_type_name(target.dtype()));

  std::vector<double> x = values_of(input), w = weight.defined() ? values_of(weight) : std::vector<double>{};
  std::vector<int64_t> t;
  for (double v : values_of(target)) t.push_back(int64_t(v));
  int64_t batch = input.dim() == 1 ? 1 : input.size(0);
  for (int64_t b = 0; b < batch; ++b)
    TP_CHECK_INDEX(t[size_t(b)] == ignore_index || (t[size_t(b)] >= 0 && t[size_t(b)] < n_classes),
                   "Target " + std::to_string(t[size_t(b)]) + " is out of bounds.");

  Tensor out;
  double total_weight = 0;
  if (reduction == "none" && input.dim() == 2) {
    std::vector<double> r(size_t(batch), 0.0);
    for (int64_t b = 0; b < batch; ++b) {
      int64_t cur = t[size_t(b)];
      if (cur == ignore_index) continue;
      r[size_t(b)] = -x[size_t(b * n_classes + cur)] * (w.empty() ? 1.0 : w[size_t(cur)]);
    }
    out = tensor_from_values(r, {batch}, input.dtype(), input.device());
  } else {
    double value = 0;
    if (input.dtype() == DType::Float32) {
      auto [loss, total] = cascade_nll<float>(x, t, w, n_classes, batch, ignore_index);
      if (reduction == "mean") loss /= total;
      value = loss, total_weight = total;
    } else {
      auto [loss, total] = cascade_nll<double>(x, t, w, n_classes, batch, ignore_index);
      if (reduction == "mean") loss /= total;
      value = loss, total_weight = total;
    }
    out = tensor_from_values({value}, {}, input.dtype(), input.device());
  }

  if (auto n = make_node("NllLossBackward0", {input}, out.dtype())) {
    n->save("self", input);
    n->save("target", target);
    if (weight.defined()) n->save("weight", weight);
    Shape sizes = input.sizes();
    bool per_row = reduction == "none" && input.dim() == 2;
    bool mean = reduction == "mean";
    n->formula = [sizes, t, w, n_classes, batch, per_row, mean, total_weight,
                  ignore_index](const BackwardCtx& c) -> TensorList {
      // nll_loss_backward_out_frame: grad_input[b][t_b] = -w[t_b] * grad (/ total_weight for "mean")
      std::vector<double> g = values_of(c.grad()), r(size_t(shape_numel(sizes)), 0.0);
      for (int64_t b = 0; b < batch; ++b) {
        int64_t cur = t[size_t(b)];
        if (cur == ignore_index) continue;
        double wv = w.empty() ? 1.0 : w[size_t(cur)];
        double gv = per_row ? g[size_t(b)] : (mean ? g[0] / total_weight : g[0]);
        r[size_t(b * n_classes + cur)] = -wv * gv;
      }
      return {tensor_from_values(r, sizes, c.grad().dtype(), c.grad().device())};
    };
    set_history(out, n);
  }
  return out;
}

Tensor cross_entropy(const Tensor& input, const Tensor& target, const Tensor& weight, const std::string& reduction,
                     int64_t ignore_index) {
  if (reduction != "mean" && reduction != "sum" && reduction != "none")
    throw_value(reduction + " is not a valid value for reduction");
  if (input.sizes() == target.sizes()) {
    TP_CHECK(is_floating(target.dtype()), "Expected floating point type for target with class probabilities, got " +
                                              scalar_type_name(target.dtype()));
    throw TorchError("NotImplementedError",
                     "cross_entropy() with class-probability targets is not supported by the playground");
  }
  int64_t class_dim = input.dim() == 1 ? 0 : 1;
  if (input.dim() < 1) throw_value("Expected 1 or more dimensions (got 0)");
  return nll_loss(log_softmax(input, class_dim), target, weight, reduction, ignore_index);
}

}  // namespace tp
