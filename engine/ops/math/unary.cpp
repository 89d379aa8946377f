// Unary pointwise kernels, clamp and logical_not. Floating-only functions (exp, log, sqrt, ...)
// promote integral inputs to the default float dtype like PyTorch's unary_float_op.
#include <cmath>
#include <string>

#include "core/context.h"
#include "core/error.h"
#include "ops/math/exp_float.h"
#include "ops/math/special_math.h"
#include "ops/pointwise.h"

namespace tp::native {

namespace {

bool is_float_op(UnaryOp op) {
  switch (op) {
    case UnaryOp::Exp: case UnaryOp::Log: case UnaryOp::Sqrt: case UnaryOp::Sin: case UnaryOp::Cos:
    case UnaryOp::Tanh: case UnaryOp::Sigmoid: case UnaryOp::Reciprocal: case UnaryOp::Rsqrt:
    case UnaryOp::Log1p: case UnaryOp::Expm1: case UnaryOp::Log2: case UnaryOp::Log10: case UnaryOp::Sinh:
    case UnaryOp::Cosh: case UnaryOp::Erf: case UnaryOp::Tan: case UnaryOp::Asin: case UnaryOp::Acos:
    case UnaryOp::Atan: case UnaryOp::Asinh: case UnaryOp::Acosh: case UnaryOp::Atanh: case UnaryOp::Erfc:
    case UnaryOp::Erfinv: case UnaryOp::Exp2: case UnaryOp::Lgamma: case UnaryOp::Digamma:
    case UnaryOp::Trigamma: case UnaryOp::Deg2rad: case UnaryOp::Rad2deg:
      return true;
    default:
      return false;
  }
}

// Note [float32 exp] (exp_float.cpp): flat operands go through the vectorised array loop.
void run_exp_float(const Prepared& p) {
  int64_t step[1], n = 0;
  if (!p.empty && flat_steps(p, step, &n) && step[0] == 1)
    return exp_float_array(reinterpret_cast<const float*>(p.in[0].base) + p.in[0].offset,
                           reinterpret_cast<float*>(p.out_geom.base) + p.out_geom.offset, n);
  run_unary<float, float>(p, [](float x) { return exp_float(x); });
}

template <class T>
void run_float_op(const Prepared& p, UnaryOp op) {
  switch (op) {
    case UnaryOp::Exp:
      if constexpr (std::is_same_v<T, float>) run_exp_float(p);
      else run_unary<T, T>(p, [](T x) -> T { return std::exp(x); });
      break;
    case UnaryOp::Log: run_unary<T, T>(p, [](T x) -> T { return std::log(x); }); break;
    case UnaryOp::Sqrt: run_unary<T, T>(p, [](T x) -> T { return std::sqrt(x); }); break;
    case UnaryOp::Sin: run_unary<T, T>(p, [](T x) -> T { return std::sin(x); }); break;
    case UnaryOp::Cos: run_unary<T, T>(p, [](T x) -> T { return std::cos(x); }); break;
    case UnaryOp::Tanh: run_unary<T, T>(p, [](T x) -> T { return std::tanh(x); }); break;
    case UnaryOp::Sigmoid: run_unary<T, T>(p, [](T x) -> T { return T(1) / (T(1) + std::exp(-x)); }); break;
    case UnaryOp::Reciprocal: run_unary<T, T>(p, [](T x) -> T { return T(1) / x; }); break;
    case UnaryOp::Rsqrt: run_unary<T, T>(p, [](T x) -> T { return T(1) / std::sqrt(x); }); break;
    case UnaryOp::Log1p: run_unary<T, T>(p, [](T x) -> T { return std::log1p(x); }); break;
    case UnaryOp::Expm1: run_unary<T, T>(p, [](T x) -> T { return std::expm1(x); }); break;
    case UnaryOp::Log2: run_unary<T, T>(p, [](T x) -> T { return std::log2(x); }); break;
    case UnaryOp::Log10: run_unary<T, T>(p, [](T x) -> T { return std::log10(x); }); break;
    case UnaryOp::Sinh: run_unary<T, T>(p, [](T x) -> T { return std::sinh(x); }); break;
    case UnaryOp::Cosh: run_unary<T, T>(p, [](T x) -> T { return std::cosh(x); }); break;
    case UnaryOp::Erf: run_unary<T, T>(p, [](T x) -> T { return std::erf(x); }); break;
    case UnaryOp::Tan: run_unary<T, T>(p, [](T x) -> T { return std::tan(x); }); break;
    case UnaryOp::Asin: run_unary<T, T>(p, [](T x) -> T { return std::asin(x); }); break;
    case UnaryOp::Acos: run_unary<T, T>(p, [](T x) -> T { return std::acos(x); }); break;
    case UnaryOp::Atan: run_unary<T, T>(p, [](T x) -> T { return std::atan(x); }); break;
    case UnaryOp::Asinh: run_unary<T, T>(p, [](T x) -> T { return std::asinh(x); }); break;
    case UnaryOp::Acosh: run_unary<T, T>(p, [](T x) -> T { return std::acosh(x); }); break;
    case UnaryOp::Atanh: run_unary<T, T>(p, [](T x) -> T { return std::atanh(x); }); break;
    case UnaryOp::Erfc: run_unary<T, T>(p, [](T x) -> T { return std::erfc(x); }); break;
    case UnaryOp::Erfinv: run_unary<T, T>(p, [](T x) -> T { return calc_erfinv(x); }); break;
    case UnaryOp::Exp2: run_unary<T, T>(p, [](T x) -> T { return std::exp2(x); }); break;
    case UnaryOp::Lgamma: run_unary<T, T>(p, [](T x) -> T { return std::lgamma(x); }); break;
    case UnaryOp::Digamma: run_unary<T, T>(p, [](T x) -> T { return calc_digamma(x); }); break;
    case UnaryOp::Trigamma: run_unary<T, T>(p, [](T x) -> T { return calc_trigamma(x); }); break;
    // deg2rad_out / rad2deg_out: mul by a wrapped scalar, read in the op's dtype.
    case UnaryOp::Deg2rad:
      run_unary<T, T>(p, [](T x) -> T { return x * T(0.017453292519943295769236907684886127134428718885417); });
      break;
    case UnaryOp::Rad2deg:
      run_unary<T, T>(p, [](T x) -> T { return x * T(57.295779513082320876798154814105170332405472466564); });
      break;
    default: break;
  }
}

template <class T>
void run_same_type_op(const Prepared& p, UnaryOp op) {
  constexpr bool fp = std::is_floating_point_v<T>;
  switch (op) {
    case UnaryOp::Neg: run_unary<T, T>(p, [](T x) -> T { return T(-x); }); break;
    case UnaryOp::Abs:
      if constexpr (std::is_same_v<T, bool>) run_unary<T, T>(p, [](T x) -> T { return x; });
      else if constexpr (fp) run_unary<T, T>(p, [](T x) -> T { return std::abs(x); });
      else run_unary<T, T>(p, [](T x) -> T { return x < 0 ? T(-x) : x; });
      break;
    case UnaryOp::Sign: case UnaryOp::Sgn:  // sgn of a real tensor is sign
      if constexpr (std::is_same_v<T, bool>) run_unary<T, T>(p, [](T x) -> T { return x; });
      else run_unary<T, T>(p, [](T x) -> T { return T((T(0) < x) - (x < T(0))); });
      break;
    case UnaryOp::Floor:
      if constexpr (fp) run_unary<T, T>(p, [](T x) -> T { return std::floor(x); });
      else run_unary<T, T>(p, [](T x) -> T { return x; });
      break;
    case UnaryOp::Ceil:
      if constexpr (fp) run_unary<T, T>(p, [](T x) -> T { return std::ceil(x); });
      else run_unary<T, T>(p, [](T x) -> T { return x; });
      break;
    case UnaryOp::Trunc:  // idempotent on integers (TORCH_IMPL_FUNC(trunc_out) copies them)
      if constexpr (fp) run_unary<T, T>(p, [](T x) -> T { return std::trunc(x); });
      else run_unary<T, T>(p, [](T x) -> T { return x; });
      break;
    case UnaryOp::Frac:  // floating only: checked in unary()
      if constexpr (fp) run_unary<T, T>(p, [](T x) -> T { return x - std::trunc(x); });
      break;
    case UnaryOp::Round:  // half to even
      if constexpr (fp) run_unary<T, T>(p, [](T x) -> T { return std::nearbyint(x); });
      else run_unary<T, T>(p, [](T x) -> T { return x; });
      break;
    case UnaryOp::Relu:  // clamp_min(0): NaN stays NaN
      if constexpr (std::is_same_v<T, bool>) run_unary<T, T>(p, [](T x) -> T { return x; });
      else run_unary<T, T>(p, [](T x) -> T { return x != x ? x : std::max(x, T(0)); });
      break;
    default: break;
  }
}

}  // namespace

Tensor unary(const Tensor& a, UnaryOp op) {
  if (op == UnaryOp::Neg)
    TP_CHECK(a.dtype() != DType::Bool,
             "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use "
             "the `~` or `logical_not()` operator instead.");
  // frac_kernel dispatches AT_DISPATCH_FLOATING_TYPES_AND2(kBFloat16, kHalf, ...).
  if (op == UnaryOp::Frac)
    TP_CHECK(is_floating(a.dtype()), "\"frac_cpu\" not implemented for '" + scalar_type_name(a.dtype()) + "'");
  DType dt = a.dtype();
  if (is_float_op(op) && !is_floating(dt)) dt = ctx().default_dtype;
  // a float op runs in a floating dtype, and run_float_op has a loop for each of them
  Prepared p = prepare({a}, dt, dt, -1, is_float_op(op) ? StorageFill::kForOverwrite : StorageFill::kZeros);
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    if constexpr (std::is_floating_point_v<T>) {
      if (is_float_op(op)) run_float_op<T>(p, op);
      else run_same_type_op<T>(p, op);
    } else {
      run_same_type_op<T>(p, op);
    }
  });
  return finish(p);
}

// TORCH_META_FUNC(clamp): non-floating self promotes with the bounds (as wrapped numbers).
Tensor clamp(const Tensor& a, std::optional<Scalar> min, std::optional<Scalar> max) {
  TP_CHECK(min || max, "torch.clamp: At least one of 'min' or 'max' must not be None");
  DType rt = a.dtype();
  if (!is_floating(rt)) {
    std::vector<Scalar> bounds;
    if (min) bounds.push_back(*min);
    if (max) bounds.push_back(*max);
    rt = result_type_with_scalars(a, bounds);
  }
  // One bound goes through clamp_min / clamp_max (TensorCompare.cpp clamp_out), whose kernels say so.
  const char* kernel = min && max ? "clamp_scalar_cpu" : min ? "clamp_min_scalar_cpu" : "clamp_max_scalar_cpu";
  TP_CHECK(rt != DType::Bool, std::string("\"") + kernel + "\" not implemented for 'Bool'");
  Prepared p = prepare({a}, rt, rt);
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    if constexpr (!std::is_same_v<T, bool>) {
      if (min && max) {
        T lo = scalar_as<T>(*min), hi = scalar_as<T>(*max);
        run_unary<T, T>(p, [lo, hi](T x) -> T { return std::min(std::max(x, lo), hi); });
      } else if (min) {
        T lo = scalar_as<T>(*min);
        run_unary<T, T>(p, [lo](T x) -> T { return std::max(x, lo); });
      } else {
        T hi = scalar_as<T>(*max);
        run_unary<T, T>(p, [hi](T x) -> T { return std::min(x, hi); });
      }
    }
  });
  return finish(p);
}

Tensor logical_not(const Tensor& a) {
  Prepared p = prepare({a}, a.dtype(), DType::Bool);
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_); run_unary<T, bool>(p, [](T x) { return !x; }); });
  return finish(p);
}

}  // namespace tp::native
