// Sorting.cpp quantile_checks / quantile_output_shape / quantile_compute, step for step.
#include "autograd/math/quantile.h"

#include <cmath>

#include "autograd/math/clamp_round_lerp.h"
#include "autograd/grad_utils.h"
#include "core/context.h"
#include "core/error.h"
#include "ops/math/float_class.h"

namespace tp {

namespace {

enum class Interp { Linear, Lower, Higher, Midpoint, Nearest };

Interp interpolation_mode(const std::string& s) {
  if (s == "linear") return Interp::Linear;
  if (s == "lower") return Interp::Lower;
  if (s == "higher") return Interp::Higher;
  if (s == "midpoint") return Interp::Midpoint;
  if (s == "nearest") return Interp::Nearest;
  throw_runtime("quantile() interpolation must be one of linear, lower, higher, midpoint or nearest, but got " + s);
}

}  // namespace

Tensor quantile(const Tensor& self, const Tensor& q, std::optional<int64_t> dim, bool keepdim,
                const std::string& interpolation, bool ignore_nan) {
  const char* fn = "quantile()";  // Sorting.cpp's checks say quantile() for nanquantile too
  TP_CHECK(self.numel() > 0, std::string(fn) + " input tensor must be non-empty");
  TP_CHECK(q.dim() <= 1, std::string(fn) + " q must be a scalar or 1D tensor");
  TP_CHECK(self.dtype() == DType::Float32 || self.dtype() == DType::Float64,
           std::string(fn) + " input tensor must be either float or double dtype");
  TP_CHECK(self.dtype() == q.dtype(), std::string(fn) + " q tensor must be same dtype as the input tensor");
  const int64_t wrapped_dim = wrap_dim(dim.value_or(0), std::max<int64_t>(self.dim(), 1));
  // quantile_output_shape: q's size first, then the reduced shape.
  Shape out_shape;
  if (dim && self.dim() > 0) {
    out_shape = self.sizes();
    if (keepdim) out_shape[size_t(wrapped_dim)] = 1;
    else out_shape.erase(out_shape.begin() + wrapped_dim);
  } else if (keepdim) {
    out_shape = Shape(size_t(self.dim()), 1);
  }
  if (q.dim() > 0) out_shape.insert(out_shape.begin(), q.numel());
  const Interp mode = interpolation_mode(interpolation);

  Tensor in_range = native::logical(native::compare(q, scalar_tensor(0.0), CompareOp::Ge),
                                    native::compare(q, scalar_tensor(1.0), CompareOp::Le), native::LogicalOp::And);
  TP_CHECK(native::item(native::sum(native::logical_not(in_range), {}, false, std::nullopt)).to_int() == 0,
           std::string(fn) + " q values must be in the range [0, 1]");

  Tensor sorted;
  if (!dim) sorted = sort(flatten(self, 0, -1), -1, false).first;
  else if (wrapped_dim == self.dim() - 1) sorted = sort(self, -1, false).first;
  else sorted = sort(transpose(unsqueeze(self, -1), wrapped_dim, -1), -1, false).first;

  if (q.dim() == 0) out_shape.insert(out_shape.begin(), q.numel());
  Shape in_shape(out_shape.size());
  std::copy(out_shape.begin() + 1, out_shape.end(), in_shape.begin());
  in_shape.back() = sorted.size(-1);
  sorted = view(sorted, in_shape);
  TP_CHECK(double(sorted.size(-1)) <= std::pow(2, 24), std::string(fn) + " input tensor is too large");

  Tensor ranks;
  {
    GradModeGuard off(false);
    Tensor nan = native::isnan(sorted);
    if (ignore_nan) {
      Tensor count = native::sum(native::logical_not(nan), {-1}, true, std::nullopt);
      ranks = mul(q, sub(count, native::wrap_scalar(Scalar::from_int(1))));
      ranks = masked_fill(ranks, compare(ranks, scalar_tensor(0.0), CompareOp::Lt), Scalar::from_int(0));
    } else {
      const int64_t last_index = sorted.size(-1) - 1;
      Tensor any_nan = native::compare(native::sum(nan, {-1}, true, std::nullopt), native::wrap_scalar(Scalar::from_int(0)),
                                       CompareOp::Gt);
      Tensor scaled = mul(q, native::wrap_scalar(Scalar::from_int(last_index)));
      Shape full = native::broadcast_shapes(scaled.sizes(), any_nan.sizes());
      ranks = masked_fill(expand(scaled, full), expand(any_nan, full), Scalar::from_int(last_index));
    }
    if (mode == Interp::Lower) ranks = unary(ranks, UnaryOp::Floor);
    else if (mode == Interp::Higher) ranks = unary(ranks, UnaryOp::Ceil);
    else if (mode == Interp::Nearest) ranks = unary(ranks, UnaryOp::Round);
  }
  Tensor ranks_below = to(ranks, DType::Int64, ranks.device(), false);
  Tensor values_below = gather(sorted, -1, ranks_below);
  if (mode == Interp::Linear || mode == Interp::Midpoint) {
    Tensor weights = mode == Interp::Midpoint ? native::full(ranks.sizes(), Scalar::from_double(0.5), ranks.dtype(), ranks.device())
                                              : sub(ranks, ranks_below);
    Tensor ranks_above = to(unary(ranks, UnaryOp::Ceil), DType::Int64, ranks.device(), false);
    Tensor values_above = gather(sorted, -1, ranks_above);
    lerp_(values_below, values_above, weights);
  }
  if (q.dim() == 0) {
    squeeze_(values_below, -1);
  } else {
    unsqueeze_(values_below, 0);
    transpose_(values_below, 0, -1);
    squeeze_(values_below, -1);
  }
  return values_below;
}

}  // namespace tp
