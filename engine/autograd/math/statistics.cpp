// nansum / nanmean (ReduceOps.cpp) and the trapezoid rules (Integration.cpp), composed as PyTorch
// composes them so their grad_fns and rounding follow.
#include "autograd/math/statistics.h"

#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "core/context.h"
#include "core/error.h"
#include "ops/math/float_class.h"

namespace tp {

// nansum: integral inputs are plain sums; floats sum with NaNs read as 0 (cascade_sum<ignore_nan>
// masks them inside the same summation order). NansumBackward0: grad * ~isnan(self).
Tensor nansum(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim, OptDType dtype) {
  Tensor out;
  if (is_floating(self.dtype())) {
    Tensor zero = native::zeros({}, self.dtype(), self.device());
    out = native::sum(native::where(native::isnan(self), zero, self), dims, keepdim, dtype);
  } else {
    out = native::sum(self, dims, keepdim, dtype);
  }
  if (auto n = make_node("NansumBackward0", {self}, out.dtype())) {
    n->save("self", self);
    Shape sizes = self.sizes();
    DType in_dtype = self.dtype();
    n->formula = [sizes, dims, keepdim, in_dtype](const BackwardCtx& c) -> TensorList {
      Tensor g = sum_backward(to(c.grad(), in_dtype, c.grad().device(), false), sizes, dims, keepdim);
      return {mul(g, logical_not(native::isnan(c.get("self"))))};
    };
    set_history(out, n);
  }
  return out;
}

// nansum(...).div(count of non-NaN elements): DivBackward0.
Tensor nanmean(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim, OptDType dtype) {
  TP_CHECK(is_floating(self.dtype()), "nanmean(): expected input to have floating point or complex dtype but got " +
                                          scalar_type_name(self.dtype()));
  Tensor factor = native::sum(native::logical_not(native::isnan(self)), dims, keepdim, std::nullopt);
  return div(nansum(self, dims, keepdim, dtype), factor);
}

namespace {

Tensor zeros_like_except(const Tensor& y, int64_t dim) {
  Shape sizes = y.sizes();
  sizes.erase(sizes.begin() + wrap_dim(dim, y.dim()));
  return zeros(sizes, y.dtype(), y.device());
}

// x as dx along dim: a 1-D x is viewed along dim, a lower-rank x is padded with leading 1s.
Tensor spacing(const Tensor& y, const Tensor& x, int64_t dim, const char* fn) {
  Tensor xv = x;
  if (x.dim() == 1) {
    TP_CHECK(x.size(0) == y.size(dim), std::string(fn) + ": There must be one `x` value for each sample point");
    Shape sizes(size_t(y.dim()), 1);
    sizes[size_t(dim)] = x.size(0);
    xv = view(x, sizes);
  } else if (x.dim() < y.dim()) {
    Shape sizes(size_t(y.dim() - x.dim()), 1);
    sizes.insert(sizes.end(), x.sizes().begin(), x.sizes().end());
    xv = view(x, sizes);
  }
  return sub(slice(xv, dim, 1, std::nullopt, 1), slice(xv, dim, 0, -1, 1));
}

Tensor left_plus_right(const Tensor& y, int64_t dim) {
  return add(slice(y, dim, 0, -1, 1), slice(y, dim, 1, std::nullopt, 1));
}

void check_dx(const Tensor& y, const Scalar& dx, const char* fn) {
  TP_CHECK(y.dtype() != DType::Bool,
           std::string(fn) + ": received a bool input for `y`, but bool is not supported");
  TP_CHECK(!dx.is_bool(), std::string(fn) + ": Currently, we only support dx as a real number.");
}

}  // namespace

// ((left + right) * dx).sum(dim) / 2.
Tensor trapezoid(const Tensor& y, const Tensor& x, int64_t dim) {
  dim = wrap_dim(dim, y.dim());
  if (y.size(dim) == 0) return zeros_like_except(y, dim);
  TP_CHECK(y.dtype() != DType::Bool && x.dtype() != DType::Bool,
           "trapezoid: received a bool input for `x` or `y`, but bool is not supported");
  Tensor dx = spacing(y, x, dim, "trapezoid");
  return div(sum(mul(left_plus_right(y, dim), dx), {dim}, false, std::nullopt), scalar_tensor(2.0));
}

// (y.sum(dim) - (y[0] + y[-1]) * 0.5) * dx
Tensor trapezoid(const Tensor& y, const Scalar& dx, int64_t dim) {
  if (y.size(dim) == 0) return zeros_like_except(y, dim);
  check_dx(y, dx, "trapezoid");
  Tensor ends = mul(add(select(y, dim, 0), select(y, dim, -1)), scalar_tensor(0.5));
  return mul(sub(sum(y, {dim}, false, std::nullopt), ends), scalar_tensor(dx.to_double()));
}

// ((left + right) * dx).cumsum(dim) / 2.
Tensor cumulative_trapezoid(const Tensor& y, const Tensor& x, int64_t dim) {
  dim = wrap_dim(dim, y.dim());
  TP_CHECK(y.dtype() != DType::Bool && x.dtype() != DType::Bool,
           "cumulative_trapezoid: received a bool input for `x` or `y`, but bool is not supported");
  Tensor dx = spacing(y, x, dim, "cumulative_trapezoid");
  return div(cumsum(mul(left_plus_right(y, dim), dx), dim, std::nullopt), scalar_tensor(2.0));
}

// (dx / 2. * (left + right)).cumsum(dim)
Tensor cumulative_trapezoid(const Tensor& y, const Scalar& dx, int64_t dim) {
  check_dx(y, dx, "cumulative_trapezoid");
  return cumsum(mul(scalar_tensor(dx.to_double() / 2.0), left_plus_right(y, dim)), dim, std::nullopt);
}

}  // namespace tp

namespace tp {

// Correlation.cpp cov: observations along dim 1 of the (variables, observations) view; optional
// integral fweights and floating aweights; (in - avg) @ (in [* w]).t() / norm_factor, squeezed.
Tensor cov(const Tensor& self, int64_t correction, const Tensor& fweights, const Tensor& aweights) {
  TP_CHECK(self.dim() <= 2, "cov(): expected input to have two or fewer dimensions but got an input with " +
                                std::to_string(self.dim()) + " dimensions");
  TP_CHECK(self.dtype() != DType::Bool, "cov(): bool dtype is not supported for input");
  Tensor in = self.dim() < 2 ? view(self, {1, -1}) : self;
  const int64_t num_observations = in.size(1);
  auto min_ge0 = [](const Tensor& t) {
    return native::item(native::min_all(t)).to_double() >= 0;
  };
  Tensor w;
  if (fweights.defined()) {
    w = fweights;
    TP_CHECK(w.dim() <= 1, "cov(): expected fweights to have one or fewer dimensions but got fweights with " +
                               std::to_string(w.dim()) + " dimensions");
    TP_CHECK(is_integral(w.dtype(), false), "cov(): expected fweights to have integral dtype but got fweights with " +
                                                scalar_type_name(w.dtype()) + " dtype");
    TP_CHECK(w.numel() == num_observations,
             "cov(): expected fweights to have the same numel as there are observations in the input but got " +
                 std::to_string(w.numel()) + " != " + std::to_string(num_observations));
    TP_CHECK(num_observations == 0 || min_ge0(w), "cov(): fweights cannot be negative");
  }
  if (aweights.defined()) {
    const Tensor& aw = aweights;
    TP_CHECK(aw.dim() <= 1, "cov(): expected aweights to have one or fewer dimensions but got aweights with " +
                                std::to_string(aw.dim()) + " dimensions");
    TP_CHECK(is_floating(aw.dtype()), "cov(): expected aweights to have floating point dtype but got aweights with " +
                                          scalar_type_name(aw.dtype()) + " dtype");
    TP_CHECK(aw.numel() == num_observations,
             "cov(): expected aweights to have the same numel as there are observations in the input but got " +
                 std::to_string(aw.numel()) + " != " + std::to_string(num_observations));
    TP_CHECK(num_observations == 0 || min_ge0(aw), "cov(): aweights cannot be negative");
    w = w.defined() ? mul(w, aw) : aw;
  }
  Tensor w_sum = w.defined() ? sum(w, {}, false, std::nullopt)
                             : native::full({}, Scalar::from_int(num_observations), DType::Int64, self.device());
  TP_CHECK(!w.defined() || native::item(w_sum).to_double() != 0, "cov(): weights sum to zero, can't be normalized");
  Tensor avg = div(sum(w.defined() ? mul(in, w) : in, {1}, false, std::nullopt), w_sum);
  Tensor corr = native::wrap_scalar(Scalar::from_int(correction));
  Tensor norm_factor = w.defined() && aweights.defined() && correction != 0
                           ? sub(w_sum, div(mul(corr, sum(mul(w, aweights), {}, false, std::nullopt)), w_sum))
                           : sub(w_sum, corr);
  if (native::item(norm_factor).to_double() <= 0) {
    ctx().torch_warn("cov(): degrees of freedom is <= 0. Correction should be strictly less than the number of observations.",
                     "aten/src/ATen/native/Correlation.cpp");
    norm_factor = zeros_like(norm_factor);
  }
  in = sub(in, unsqueeze(avg, 1));
  Tensor c = mm(in, t(w.defined() ? mul(in, w) : in));
  return squeeze(div(c, norm_factor));
}

// cov, then c / c for a scalar, else c / stddev (rows) / stddev (columns) clipped to [-1, 1].
Tensor corrcoef(const Tensor& self) {
  TP_CHECK(self.dim() <= 2, "corrcoef(): expected input to have two or fewer dimensions but got an input with " +
                                std::to_string(self.dim()) + " dimensions");
  Tensor c = cov(self, 1, Tensor(), Tensor());
  if (c.dim() == 0) return div(c, c);
  Tensor stddev = unary(diagonal(c, 0, 0, 1), UnaryOp::Sqrt);
  c = div(c, view(stddev, {-1, 1}));
  c = div(c, view(stddev, {1, -1}));
  return clamp(c, Scalar::from_int(-1), Scalar::from_int(1));
}

}  // namespace tp
