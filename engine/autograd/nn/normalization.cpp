// F.layer_norm (aten/src/ATen/native/layer_norm.cpp, NativeLayerNormBackward0) and F.batch_norm
// (Normalization.cpp, NativeBatchNormBackward0). Statistics are computed in double and the result
// cast to the input's dtype; the backward formulas are built from tp:: ops, so they stay
// differentiable (create_graph=True).
#include <cmath>
#include <string>

#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "autograd/nn_functions.h"
#include "core/context.h"
#include "core/error.h"

namespace tp {

namespace {

std::vector<int64_t> range_dims(int64_t from, int64_t to) {
  std::vector<int64_t> d;
  for (int64_t i = from; i < to; ++i) d.push_back(i);
  return d;
}

// sum over `dims`, or `t` itself when there is nothing to reduce (tp::sum with {} means "all").
Tensor sum_over(const Tensor& t, const std::vector<int64_t>& dims, bool keepdim) {
  return dims.empty() ? t : sum(t, dims, keepdim, std::nullopt);
}

// The normalised-input gradient shared by layer and batch norm (training statistics):
// dx = rstd * (g - mean(g) - xhat * mean(g * xhat)), means over `dims`, g = grad * weight.
Tensor normalized_input_grad(const Tensor& g, const Tensor& xhat, const Tensor& rstd, const std::vector<int64_t>& dims) {
  Tensor mg = mean(g, dims, true, std::nullopt);
  Tensor mgx = mean(mul(g, xhat), dims, true, std::nullopt);
  return mul(rstd, sub(sub(g, mg), mul(xhat, mgx)));
}

}  // namespace

Tensor layer_norm(const Tensor& input, const Shape& normalized_shape, const Tensor& weight, const Tensor& bias,
                  double eps) {
  const int64_t k = int64_t(normalized_shape.size());
  TP_CHECK(k >= 1, "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one element, "
                   "but got normalized_shape = " + shape_str(normalized_shape));
  TP_CHECK(!weight.defined() || weight.sizes() == normalized_shape,
           "Expected weight to be of same shape as normalized_shape, but got weight of shape " +
               shape_str(weight.sizes()) + " and normalized_shape = " + shape_str(normalized_shape));
  TP_CHECK(!bias.defined() || bias.sizes() == normalized_shape,
           "Expected bias to be of same shape as normalized_shape, but got bias of shape " + shape_str(bias.sizes()) +
               " and normalized_shape = " + shape_str(normalized_shape));
  const Shape& in = input.sizes();
  bool ok = input.dim() >= k;
  for (int64_t i = 0; ok && i < k; ++i) ok = in[size_t(input.dim() - k + i)] == normalized_shape[size_t(i)];
  if (!ok) {
    std::string msg = "Given normalized_shape=" + shape_str(normalized_shape) + ", expected input with shape [*";
    for (int64_t s : normalized_shape) msg += ", " + std::to_string(s);
    throw_runtime(msg + "], but got input of size" + shape_str(in));
  }
  TP_CHECK(is_floating(input.dtype()), std::string("\"LayerNormKernelImpl\" not implemented for '") +
                                           scalar_type_name(input.dtype()) + "'");
  const int64_t axis = input.dim() - k;
  const int64_t rows = shape_numel(Shape(in.begin(), in.begin() + axis));
  const int64_t cols = shape_numel(normalized_shape);
  std::vector<double> x = values_of(input), y(x.size()), m(static_cast<size_t>(rows)), r(static_cast<size_t>(rows));
  std::vector<double> w = weight.defined() ? values_of(weight) : std::vector<double>();
  std::vector<double> b = bias.defined() ? values_of(bias) : std::vector<double>();
  for (int64_t i = 0; i < rows; ++i) {
    double s = 0, ss = 0;
    for (int64_t j = 0; j < cols; ++j) s += x[size_t(i * cols + j)];
    double mu = cols > 0 ? s / double(cols) : 0;
    for (int64_t j = 0; j < cols; ++j) ss += (x[size_t(i * cols + j)] - mu) * (x[size_t(i * cols + j)] - mu);
    double var = cols > 0 ? ss / double(cols) : 0;
    double rstd = 1 / std::sqrt(var + eps);
    m[size_t(i)] = mu;
    r[size_t(i)] = rstd;
    for (int64_t j = 0; j < cols; ++j) {
      double v = (x[size_t(i * cols + j)] - mu) * rstd;
      if (!w.empty()) v *= w[size_t(j)];
      if (!b.empty()) v += b[size_t(j)];
      y[size_t(i * cols + j)] = v;
    }
  }
  Tensor out = tensor_from_values(y, in, input.dtype(), input.device());
  // mean / rstd keep the leading dims and 1 for each normalised dim (native_layer_norm's stat shape).
  Shape stat(in.begin(), in.begin() + axis);
  for (int64_t i = 0; i < k; ++i) stat.push_back(1);
  Tensor mean_t = tensor_from_values(m, stat, input.dtype(), input.device());
  Tensor rstd_t = tensor_from_values(r, stat, input.dtype(), input.device());
  if (auto n = make_node("NativeLayerNormBackward0", {input, weight, bias}, out.dtype())) {
    n->save("input", input);
    if (weight.defined()) n->save("weight", weight);
    n->save("result1", mean_t, /*is_output=*/true);
    n->save("result2", rstd_t, /*is_output=*/true);
    bool has_w = weight.defined();
    n->formula = [axis, k, has_w](const BackwardCtx& c) -> TensorList {
      Tensor x = c.get("input"), mu = c.get("result1"), rstd = c.get("result2");
      Tensor xhat = mul(sub(x, mu), rstd);                       // (x - mean) * rstd
      Tensor g = has_w ? mul(c.grad(), c.get("weight")) : c.grad();
      std::vector<int64_t> norm_dims = range_dims(axis, axis + k), lead = range_dims(0, axis);
      TensorList r(3);
      if (c.needs(0)) r[0] = normalized_input_grad(g, xhat, rstd, norm_dims);
      if (c.needs(1)) r[1] = sum_over(mul(c.grad(), xhat), lead, false);  // sum(grad * xhat) over leading dims
      if (c.needs(2)) r[2] = sum_over(c.grad(), lead, false);             // sum(grad) over leading dims
      return r;
    };
    set_history(out, n);
  }
  return out;
}

Tensor batch_norm(const Tensor& input, const Tensor& running_mean, const Tensor& running_var, const Tensor& weight,
                  const Tensor& bias, bool training, double momentum, double eps) {
  TP_CHECK(input.dim() >= 2, "batch_norm: expected input with at least 2 dims, but got " +
                                 std::to_string(input.dim()));
  TP_CHECK(is_floating(input.dtype()), std::string("\"batch_norm\" not implemented for '") +
                                           scalar_type_name(input.dtype()) + "'");
  const int64_t C = input.size(1);
  if (running_mean.defined())
    TP_CHECK(running_mean.numel() == C, "running_mean should contain " + std::to_string(C) + " elements not " +
                                            std::to_string(running_mean.numel()));
  if (running_var.defined())
    TP_CHECK(running_var.numel() == C, "running_var should contain " + std::to_string(C) + " elements not " +
                                           std::to_string(running_var.numel()));
  if (weight.defined())
    TP_CHECK(weight.numel() == C, "weight should contain " + std::to_string(C) + " elements not " +
                                      std::to_string(weight.numel()));
  if (bias.defined())
    TP_CHECK(bias.numel() == C, "bias should contain " + std::to_string(C) + " elements not " +
                                    std::to_string(bias.numel()));
  const int64_t N = input.size(0);
  int64_t inner = 1;
  for (int64_t d = 2; d < input.dim(); ++d) inner *= input.size(d);
  const int64_t per_channel = N * inner;
  std::vector<double> x = values_of(input), y(x.size());
  std::vector<double> mean_v(static_cast<size_t>(C)), invstd_v(static_cast<size_t>(C)), var_unbiased(static_cast<size_t>(C));
  bool use_batch = training || !running_mean.defined() || !running_var.defined();
  std::vector<double> rm = running_mean.defined() ? values_of(running_mean) : std::vector<double>();
  std::vector<double> rv = running_var.defined() ? values_of(running_var) : std::vector<double>();
  auto at = [&](int64_t n, int64_t c, int64_t i) -> size_t { return size_t((n * C + c) * inner + i); };
  for (int64_t c = 0; c < C; ++c) {
    if (use_batch) {
      double s = 0, ss = 0;
      for (int64_t n = 0; n < N; ++n)
        for (int64_t i = 0; i < inner; ++i) s += x[at(n, c, i)];
      double mu = per_channel > 0 ? s / double(per_channel) : 0;
      for (int64_t n = 0; n < N; ++n)
        for (int64_t i = 0; i < inner; ++i) ss += (x[at(n, c, i)] - mu) * (x[at(n, c, i)] - mu);
      mean_v[size_t(c)] = mu;
      invstd_v[size_t(c)] = 1 / std::sqrt(ss / double(per_channel) + eps);
      var_unbiased[size_t(c)] = ss / double(per_channel - 1);
    } else {
      mean_v[size_t(c)] = rm[size_t(c)];
      invstd_v[size_t(c)] = 1 / std::sqrt(rv[size_t(c)] + eps);
    }
  }
  std::vector<double> w = weight.defined() ? values_of(weight) : std::vector<double>();
  std::vector<double> b = bias.defined() ? values_of(bias) : std::vector<double>();
  for (int64_t n = 0; n < N; ++n)
    for (int64_t c = 0; c < C; ++c)
      for (int64_t i = 0; i < inner; ++i) {
        double v = (x[at(n, c, i)] - mean_v[size_t(c)]) * invstd_v[size_t(c)];
        if (!w.empty()) v = v * w[size_t(c)];
        if (!b.empty()) v += b[size_t(c)];
        y[at(n, c, i)] = v;
      }
  // Running statistics: running = (1 - momentum) * running + momentum * batch (unbiased variance),
  // written in place (their version counters move, as PyTorch's do).
  if (training) {
    if (running_mean.defined()) {
      for (int64_t c = 0; c < C; ++c) rm[size_t(c)] = (1 - momentum) * rm[size_t(c)] + momentum * mean_v[size_t(c)];
      GradModeGuard off(false);
      copy_(running_mean, tensor_from_values(rm, running_mean.sizes(), running_mean.dtype(), running_mean.device()));
    }
    if (running_var.defined()) {
      for (int64_t c = 0; c < C; ++c) rv[size_t(c)] = (1 - momentum) * rv[size_t(c)] + momentum * var_unbiased[size_t(c)];
      GradModeGuard off(false);
      copy_(running_var, tensor_from_values(rv, running_var.sizes(), running_var.dtype(), running_var.device()));
    }
  }
  Tensor out = tensor_from_values(y, input.sizes(), input.dtype(), input.device());
  if (auto node = make_node("NativeBatchNormBackward0", {input, weight, bias}, out.dtype())) {
    Shape stat_shape(size_t(input.dim()), 1);
    stat_shape[1] = C;
    node->save("input", input);
    if (weight.defined()) node->save("weight", weight);
    node->save("mean", tensor_from_values(mean_v, stat_shape, input.dtype(), input.device()));
    node->save("invstd", tensor_from_values(invstd_v, stat_shape, input.dtype(), input.device()));
    bool has_w = weight.defined(), batch_stats = use_batch;
    int64_t ndim = input.dim();
    node->formula = [has_w, batch_stats, ndim, C](const BackwardCtx& c) -> TensorList {
      Tensor x = c.get("input"), mu = c.get("mean"), invstd = c.get("invstd");
      std::vector<int64_t> dims{0};
      for (int64_t d = 2; d < ndim; ++d) dims.push_back(d);
      Tensor xhat = mul(sub(x, mu), invstd);  // (x - mean) * invstd
      Shape bshape(size_t(ndim), 1);
      bshape[1] = C;
      Tensor g = has_w ? mul(c.grad(), reshape(c.get("weight"), bshape)) : c.grad();
      TensorList r(3);
      if (c.needs(0))  // training: the normalised-input gradient; eval: grad * weight * invstd
        r[0] = batch_stats ? normalized_input_grad(g, xhat, invstd, dims) : mul(g, invstd);
      if (c.needs(1)) r[1] = sum(mul(c.grad(), xhat), dims, false, std::nullopt);  // sum(grad * xhat)
      if (c.needs(2)) r[2] = sum(c.grad(), dims, false, std::nullopt);             // sum(grad)
      return r;
    };
    set_history(out, node);
  }
  return out;
}

}  // namespace tp
