// nansum / nanmean (ReduceOps.cpp) and the trapezoid rules (Integration.cpp), composed as PyTorch
// composes them so their grad_fns and rounding follow.
#include "autograd/reductions_more.h"

#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "core/error.h"
#include "ops/float_class.h"

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
