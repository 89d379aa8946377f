// Distances and similarities of torch.nn.functional (aten/src/ATen/native/Distance.cpp, Loss.cpp and
// torch/nn/functional.py): normalize, cosine_similarity and pairwise_distance are PyTorch's
// composites of tp:: ops (so their graphs carry the same nodes); cdist has its own direct kernel
// (CdistBackward0) and, for p=2 with more than 25 rows, ATen's matmul formulation
// (EuclideanDistBackward0); kl_div is Loss.cpp's composite (xlogy inlined as XlogyBackward0).
#include <cmath>
#include <limits>

#include "autograd/math/clamp_round_lerp.h"
#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "autograd/nn_functions.h"
#include "core/context.h"
#include "core/error.h"
#include "ops/native.h"

namespace tp {

namespace {

Tensor num(double v) { return scalar_tensor(v); }

// Node at::norm(self, p, dim, keepdim) records: norm.ScalarOpt_dim -> NormBackward1 (same values
// as linalg.vector_norm, whose node it wraps with PyTorch's name).
Tensor norm_dim(const Tensor& x, double p, int64_t dim, bool keepdim) {
  Tensor out;
  {
    GradModeGuard off(false);
    out = linalg_vector_norm(x, p, {dim}, keepdim, std::nullopt);
  }
  if (auto n = make_node("NormBackward1", {x}, out.dtype())) {
    n->save("self", x);
    n->save("result", out, /*is_output=*/true);
    n->formula = [p, dim, keepdim](const BackwardCtx& c) -> TensorList {
      // norm_backward(grad, self, p, result, dim, keepdim)
      return {norm_backward(c.grad(), c.get("self"), p, c.get("result"), {dim}, keepdim)};
    };
    set_history(out, n);
  }
  return out;
}

// ATen xlogy kernel: NaN y gives NaN, x == 0 gives 0, else x * log(y).
Tensor xlogy(const Tensor& x, const Tensor& y) {
  Tensor out;
  {
    GradModeGuard off(false);
    Tensor prod = mul(x, unary(y, UnaryOp::Log));
    Tensor zeroed = where(compare(x, num(0), CompareOp::Eq), zeros_like(prod), prod);
    out = where(compare(y, y, CompareOp::Ne), y, zeroed);
  }
  if (auto n = make_node("XlogyBackward0", {x, y}, out.dtype())) {
    n->save("self", x);
    n->save("other", y);
    n->formula = [](const BackwardCtx& c) -> TensorList {
      Tensor self = c.get("self"), other = c.get("other");
      // self: grad * at::xlogy((self != 0), other); other: grad * self / other
      Tensor nz = to(compare(self, num(0), CompareOp::Ne), other.dtype(), other.device(), false);
      return {c.needs(0) ? mul(c.grad(), xlogy(nz, other)) : Tensor(),
              c.needs(1) ? div(mul(c.grad(), self), other) : Tensor()};
    };
    set_history(out, n);
  }
  return out;
}

// ---------------------------------------------------------------- cdist kernels (DistanceOpsKernel.cpp)
// One distance per (batch, i, j): the |a - b| terms mapped and reduced in column order, in the
// tensor's own float type (tdist_calc / odist_calc / idist_calc / zdist_calc / pdist_calc).
template <class T>
T pair_distance(const T* a, const T* b, int64_t m, double p) {
  T agg = 0;
  for (int64_t x = 0; x < m; ++x) {
    T diff = std::abs(a[x] - b[x]);
    if (p == 0) agg += T(diff != T(0));
    else if (p == 1) agg += diff;
    else if (p == 2) agg += diff * diff;
    else if (std::isinf(p)) agg = std::max(agg, diff);
    else agg += std::pow(diff, T(p));
  }
  if (p == 2) return std::sqrt(agg);
  if (p == 0 || p == 1 || std::isinf(p)) return agg;
  return std::pow(agg, T(1) / T(p));
}

template <class T>
std::vector<double> cdist_loop(const std::vector<double>& x1, const std::vector<double>& x2, int64_t B, int64_t r1,
                               int64_t r2, int64_t m, double p) {
  std::vector<T> a(x1.begin(), x1.end()), b(x2.begin(), x2.end());
  std::vector<double> out(size_t(B * r1 * r2));
  for (int64_t bt = 0; bt < B; ++bt)
    for (int64_t i = 0; i < r1; ++i)
      for (int64_t j = 0; j < r2; ++j)
        out[size_t((bt * r1 + i) * r2 + j)] =
            double(pair_distance<T>(&a[size_t((bt * r1 + i) * m)], &b[size_t((bt * r2 + j) * m)], m, p));
  return out;
}

// _cdist_backward for x1 (x2 uses the same with the roles swapped): per element of x1, the sum
// over the other rows j of grad[i][j] * d dist[i][j] / d x1[i][k].
Tensor cdist_backward(const Tensor& grad, const Tensor& x1, const Tensor& x2, double p, const Tensor& dist) {
  int64_t r1 = x1.size(-2), r2 = x2.size(-2), m = x1.size(-1);
  int64_t B = x1.numel() / std::max<int64_t>(1, r1 * m);
  std::vector<double> a = values_of(x1), b = values_of(x2), g = values_of(grad), d = values_of(dist);
  std::vector<double> out(a.size(), 0.0);
  if (p != 0)
    for (int64_t bt = 0; bt < B; ++bt)
      for (int64_t i = 0; i < r1; ++i)
        for (int64_t j = 0; j < r2; ++j) {
          double gd = g[size_t((bt * r1 + i) * r2 + j)], dd = d[size_t((bt * r1 + i) * r2 + j)];
          for (int64_t k = 0; k < m; ++k) {
            double diff = a[size_t((bt * r1 + i) * m + k)] - b[size_t((bt * r2 + j) * m + k)];
            double s = diff > 0 ? 1.0 : diff < 0 ? -1.0 : 0.0, v;
            if (p == 1) v = gd * s;
            else if (std::isinf(p)) v = gd * s * (std::abs(diff) == dd ? 1.0 : 0.0);
            else if (dd == 0) v = 0;
            else if (p == 2) v = gd * diff / dd;
            else if (p < 2) v = (diff == 0 && p < 1) ? 0 : s * std::pow(std::abs(diff), p - 1) * gd / std::pow(dd, p - 1);
            else v = diff * std::pow(std::abs(diff), p - 2) * gd / std::pow(dd, p - 1);
            out[size_t((bt * r1 + i) * m + k)] += v;
          }
        }
  return tensor_from_values(out, x1.sizes(), x1.dtype(), x1.device());
}

// _cdist_forward: batch dims broadcast and folded, then the direct kernel.
Tensor cdist_forward(const Tensor& x1, const Tensor& x2, double p, const Shape& batch) {
  int64_t r1 = x1.size(-2), r2 = x2.size(-2), m = x1.size(-1);
  int64_t B = 1;
  for (int64_t s : batch) B *= s;
  Shape s1 = batch, s2 = batch, out_shape = batch;
  s1.insert(s1.end(), {r1, m});
  s2.insert(s2.end(), {r2, m});
  out_shape.insert(out_shape.end(), {r1, r2});
  Tensor out;
  {
    GradModeGuard off(false);
    Tensor e1 = contiguous(expand(x1, s1)), e2 = contiguous(expand(x2, s2));
    if (r1 == 0 || r2 == 0 || B == 0) out = empty(out_shape, x1.dtype(), x1.device());
    else if (m == 0) out = zeros(out_shape, x1.dtype(), x1.device());
    else {
      TP_CHECK(x1.dtype() != DType::Float16, "\"cdist\" not implemented for 'Half'");
      std::vector<double> v = x1.dtype() == DType::Float32
                                  ? cdist_loop<float>(values_of(e1), values_of(e2), B, r1, r2, m, p)
                                  : cdist_loop<double>(values_of(e1), values_of(e2), B, r1, r2, m, p);
      out = tensor_from_values(v, out_shape, x1.dtype(), x1.device());
    }
  }
  if (auto n = make_node("CdistBackward0", {x1, x2}, out.dtype())) {
    n->save("x1", x1);
    n->save("x2", x2);
    n->save("result", out, /*is_output=*/true);
    n->formula = [p, s1, s2](const BackwardCtx& c) -> TensorList {
      // x1: _cdist_backward(grad, x1, x2, p, result); x2: _cdist_backward(grad.mT, x2, x1, p, result.mT)
      Tensor a = contiguous(expand(c.get("x1"), s1)), b = contiguous(expand(c.get("x2"), s2));
      Tensor res = c.get("result");
      Tensor ga = c.needs(0) ? cdist_backward(c.grad(), a, b, p, res) : Tensor();
      Tensor gb = c.needs(1) ? cdist_backward(contiguous(transpose(c.grad(), -1, -2)), b, a, p,
                                              contiguous(transpose(res, -1, -2)))
                             : Tensor();
      return {ga, gb};
    };
    set_history(out, n);
  }
  return out;
}

// _euclidean_dist: [-2 x1, |x1|^2, 1] @ [x2, 1, |x2|^2]^T, clamped at 0, square-rooted.
Tensor euclidean_dist(const Tensor& x1, const Tensor& x2) {
  Tensor out;
  {
    GradModeGuard off(false);
    Tensor n1 = sum(pow(x1, num(2)), {-1}, true, std::nullopt), n2 = sum(pow(x2, num(2)), {-1}, true, std::nullopt);
    Tensor a = cat({mul(x1, num(-2)), n1, ones_like(n1)}, -1);
    Tensor b = cat({x2, ones_like(n2), n2}, -1);
    out = matmul(a, transpose(b, -2, -1));
    out = unary_(clamp_min_(out, Scalar::from_int(0)), UnaryOp::Sqrt);
  }
  if (auto n = make_node("EuclideanDistBackward0", {x1, x2}, out.dtype())) {
    n->save("x1", x1);
    n->save("x2", x2);
    n->save("result", out, /*is_output=*/true);
    n->formula = [](const BackwardCtx& c) -> TensorList {
      // _euclidean_dist_backward: ratio = grad / res (0 where res == 0);
      // x1 * ratio.sum(-1, true) - ratio @ x2 and x2 * ratio.sum(-2).unsqueeze(-1) - ratio.mT @ x1
      Tensor a = c.get("x1"), b = c.get("x2"), res = c.get("result");
      Tensor ratio = div(c.grad(), res);
      ratio = masked_fill(ratio, compare(res, num(0), CompareOp::Eq), Scalar::from_int(0));
      return {sub(mul(a, sum(ratio, {-1}, true, std::nullopt)), matmul(ratio, b)),
              sub(mul(b, unsqueeze(sum(ratio, {-2}, false, std::nullopt), -1)), matmul(transpose(ratio, -2, -1), a))};
    };
    set_history(out, n);
  }
  return out;
}

}  // namespace

Tensor normalize(const Tensor& input, double p, int64_t dim, double eps) {
  // input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input); input / denom
  Tensor denom = clamp_min(linalg_vector_norm(input, p, {dim}, true, std::nullopt), Scalar::from_double(eps));
  return div(input, expand(denom, input.sizes()));
}

Tensor cosine_similarity(const Tensor& x1_, const Tensor& x2_, int64_t dim, double eps) {
  DType common = native::result_type(x1_, x2_);
  TP_CHECK(is_floating(common), "expected common dtype to be floating point, yet common dtype is " +
                                    scalar_type_name(common));
  Tensor x1 = is_integral(x1_.dtype(), true) ? to(x1_, common, x1_.device(), false) : x1_;
  Tensor x2 = is_integral(x2_.dtype(), true) ? to(x2_, common, x2_.device(), false) : x2_;
  if (x1.sizes() != x2.sizes()) {  // expand_outplace
    Shape s = native::broadcast_shapes(x1.sizes(), x2.sizes());
    x1 = expand(x1, s);
    x2 = expand(x2, s);
  }
  Tensor n1 = clone(linalg_vector_norm(x1, 2, {dim}, true, std::nullopt));
  Tensor n2 = clone(linalg_vector_norm(x2, 2, {dim}, true, std::nullopt));
  {
    GradModeGuard off(false);
    clamp_min_(n1, Scalar::from_double(eps));
    clamp_min_(n2, Scalar::from_double(eps));
  }
  return sum(mul(div(x1, n1), div(x2, n2)), {dim}, false, std::nullopt);
}

Tensor pairwise_distance(const Tensor& x1, const Tensor& x2, double p, double eps, bool keepdim) {
  int64_t out_dim = std::max(x1.dim(), x2.dim());
  return norm_dim(add(sub(x1, x2), num(eps)), p, out_dim - 1, keepdim);
}

Tensor cdist(const Tensor& x1, const Tensor& x2, double p, std::optional<int64_t> compute_mode) {
  TP_CHECK(x1.dim() >= 2, "cdist only supports at least 2D tensors, X1 got: " + std::to_string(x1.dim()) + "D");
  TP_CHECK(x2.dim() >= 2, "cdist only supports at least 2D tensors, X2 got: " + std::to_string(x2.dim()) + "D");
  TP_CHECK(x1.size(-1) == x2.size(-1), "X1 and X2 must have the same number of columns. X1: " +
                                           std::to_string(x1.size(-1)) + " X2: " + std::to_string(x2.size(-1)));
  TP_CHECK(is_floating(x1.dtype()), "cdist only supports floating-point dtypes, X1 got: " + scalar_type_name(x1.dtype()));
  TP_CHECK(is_floating(x2.dtype()), "cdist only supports floating-point dtypes, X2 got: " + scalar_type_name(x2.dtype()));
  TP_CHECK(p >= 0, "cdist only supports non-negative p values");
  TP_CHECK(x1.device().type == x2.device().type, "X1 and X2 must have the same device type. X1: " +
                                                     x1.device().type_name() + " X2: " + x2.device().type_name());
  int64_t mode = compute_mode.value_or(0);
  TP_CHECK(mode >= 0 && mode <= 2, "possible modes: 0, 1, 2, but was: " + std::to_string(mode));
  int64_t r1 = x1.size(-2), r2 = x2.size(-2), c = x1.size(-1);
  Shape b1(x1.sizes().begin(), x1.sizes().end() - 2), b2(x2.sizes().begin(), x2.sizes().end() - 2);
  Shape batch = native::broadcast_shapes(b1, b2);
  int64_t B = 1;
  for (int64_t s : batch) B *= s;
  bool matmul_path = p == 2 && (mode == 1 || (mode == 0 && (r1 > 25 || r2 > 25)));
  // Note [cdist relies on cdist_impl redispatching]: the matmul path records its own ops.
  if (!matmul_path || x1.numel() == 0 || x2.numel() == 0 || B == 0 || c == 0) return cdist_forward(x1, x2, p, batch);
  Shape out_shape = batch;
  out_shape.insert(out_shape.end(), {r1, r2});
  if (B == 1) return view(euclidean_dist(x1, x2), out_shape);
  Shape s1 = batch, s2 = batch;
  s1.insert(s1.end(), {r1, c});
  s2.insert(s2.end(), {r2, c});
  Tensor e1 = view(contiguous(expand(x1, s1)), {B, r1, c}), e2 = view(contiguous(expand(x2, s2)), {B, r2, c});
  return view(euclidean_dist(e1, e2), out_shape);
}

Tensor kl_div(const Tensor& input, const Tensor& target, const std::string& reduction, bool log_target) {
  TP_CHECK(!is_integral(input.dtype(), true) && !is_integral(target.dtype(), true),
           "kl_div: Integral inputs not supported.");
  Tensor out = log_target ? mul(unary(target, UnaryOp::Exp), sub(target, input))
                          : sub(xlogy(target, target), mul(target, input));
  if (reduction == "none") return out;
  if (reduction == "mean") return mean(out, {}, false, std::nullopt);
  Tensor s = sum(out, {}, false, std::nullopt);
  if (reduction == "batchmean" && input.dim() != 0) return div(s, native::wrap_scalar(Scalar::from_int(input.size(0))));
  return s;
}

}  // namespace tp
