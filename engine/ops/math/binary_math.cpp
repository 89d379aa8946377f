// Binary and ternary pointwise math kernels: atan2, hypot, fmax/fmin, logical_and/or/xor, nan_to_num and the ternary
// addcmul/addcdiv, each with the dtype rule and dispatch message of its ATen kernel.
#include <cmath>
#include <limits>
#include <string>

#include "core/context.h"
#include "core/error.h"
#include "ops/pointwise.h"

namespace tp::native {

namespace {

std::string not_implemented(const char* op, DType t) {
  return std::string("\"") + op + "\" not implemented for '" + scalar_type_name(t) + "'";
}

}  // namespace

// build_borrowing_binary_float_op: integral inputs compute in the default float dtype.
Tensor atan2(const Tensor& a, const Tensor& b) {
  DType rt = result_type(a, b);
  if (!is_floating(rt)) rt = ctx().default_dtype;
  Prepared p = prepare({a, b}, rt, rt);
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    if constexpr (std::is_floating_point_v<T>) run_binary<T, T>(p, [](T y, T x) -> T { return std::atan2(y, x); });
  });
  return finish(p);
}

// hypot_kernel: AT_DISPATCH_FLOATING_TYPES_AND2(kBFloat16, kHalf, ..., "hypot_cpu").
Tensor hypot(const Tensor& a, const Tensor& b) {
  DType rt = result_type(a, b);
  TP_CHECK(is_floating(rt), not_implemented("hypot_cpu", rt));
  Prepared p = prepare({a, b}, rt, rt);
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    if constexpr (std::is_floating_point_v<T>) run_binary<T, T>(p, [](T x, T y) -> T { return std::hypot(x, y); });
  });
  return finish(p);
}

// fmax_kernel / fmin_kernel: floating dtypes ignore a NaN operand (std::fmax); others are maximum/minimum.
Tensor fmax(const Tensor& a, const Tensor& b) {
  DType rt = result_type(a, b);
  if (!is_floating(rt)) return maximum(a, b);
  Prepared p = prepare({a, b}, rt, rt);
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    if constexpr (std::is_floating_point_v<T>) run_binary<T, T>(p, [](T x, T y) -> T { return std::fmax(x, y); });
  });
  return finish(p);
}

Tensor fmin(const Tensor& a, const Tensor& b) {
  DType rt = result_type(a, b);
  if (!is_floating(rt)) return minimum(a, b);
  Prepared p = prepare({a, b}, rt, rt);
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    if constexpr (std::is_floating_point_v<T>) run_binary<T, T>(p, [](T x, T y) -> T { return std::fmin(x, y); });
  });
  return finish(p);
}

// A comparison op (build_borrowing_comparison_op): operands meet in their common dtype, the result is bool.
Tensor logical(const Tensor& a, const Tensor& b, LogicalOp op) {
  DType rt = result_type(a, b);
  Prepared p = prepare({a, b}, rt, DType::Bool);
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    switch (op) {
      case LogicalOp::And: run_binary<T, bool>(p, [](T x, T y) -> bool { return bool(x) && bool(y); }); break;
      case LogicalOp::Or: run_binary<T, bool>(p, [](T x, T y) -> bool { return bool(x) || bool(y); }); break;
      case LogicalOp::Xor: run_binary<T, bool>(p, [](T x, T y) -> bool { return bool(x) != bool(y); }); break;
    }
  });
  return finish(p);
}

// UnaryOps.cpp nan_to_num_out: integral (and bool) inputs are copied; the infinities default to
// the result dtype's finite extremes (float16's are 65504 even though the kernel runs in float).
Tensor nan_to_num(const Tensor& a, std::optional<double> nan, std::optional<double> posinf,
                  std::optional<double> neginf) {
  Prepared p = prepare({a}, a.dtype(), a.dtype());
  const bool half = a.dtype() == DType::Float16;
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    if constexpr (std::is_floating_point_v<T>) {
      const T big = half ? T(65504) : std::numeric_limits<T>::max();
      const T n = T(nan.value_or(0.0)), hi = posinf ? T(*posinf) : big, lo = neginf ? T(*neginf) : -big;
      run_unary<T, T>(p, [n, hi, lo](T x) -> T { return x != x ? n : x == std::numeric_limits<T>::infinity() ? hi
                                                                     : x == -std::numeric_limits<T>::infinity() ? lo : x; });
    } else {
      run_unary<T, T>(p, [](T x) -> T { return x; });
    }
  });
  return finish(p);
}

namespace {

// PointwiseOpsKernel.cpp: out = self + value * t1 (*|/) t2 in the common dtype of the three tensors.
template <bool kDiv>
Tensor addc(const Tensor& self, const Tensor& t1, const Tensor& t2, const Scalar& value) {
  DType rt = result_type_of({self, t1, t2});
  Prepared p = prepare({self, t1, t2}, rt, rt);
  if (p.empty) return finish(p);
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    if constexpr (std::is_same_v<T, bool>) {
      TP_CHECK(false, not_implemented(kDiv ? "addcdiv_cpu_out" : "addcmul_cpu_out", rt));
    } else {
      const T v = scalar_as<T>(value);
      auto o = xt_strided<T>(p.out_geom);
      auto s = xt_strided<T>(p.in[0]), x = xt_strided<T>(p.in[1]), y = xt_strided<T>(p.in[2]);
      auto is = s.cbegin(), ix = x.cbegin(), iy = y.cbegin();
      for (auto io = o.begin(); io != o.end(); ++io, ++is, ++ix, ++iy) {
        if constexpr (kDiv) *io = T(*is + v * *ix / *iy);
        else *io = T(*is + v * *ix * *iy);
      }
    }
  });
  return finish(p);
}

}  // namespace

Tensor addcmul(const Tensor& self, const Tensor& t1, const Tensor& t2, const Scalar& value) {
  return addc<false>(self, t1, t2, value);
}

// TORCH_META_FUNC(addcdiv) (the doubled space after "future" is in PyTorch's message).
Tensor addcdiv(const Tensor& self, const Tensor& t1, const Tensor& t2, const Scalar& value) {
  TP_CHECK(is_floating(t1.dtype()) || is_floating(t2.dtype()),
           "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will perform a "
           "true division of tensor1 and tensor2. The historic addcdiv behavior can be implemented as (input + "
           "value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as (input + value * "
           "tensor1 / tensor2) for float inputs. The future addcdiv behavior is just the latter implementation: "
           "(input + value * tensor1 / tensor2), for all dtypes.");
  return addc<true>(self, t1, t2, value);
}

}  // namespace tp::native

namespace tp::native {

// LinearAlgebra.cpp build_addr_iter + check_addr_scalar, cpu/LinearAlgebraKernel.cpp addr_kernel:
// out = beta * self + alpha * vec1[i] * vec2[j] in the promoted dtype (self never read when beta
// == 0); bools use and/or.
Tensor addr(const Tensor& self, const Tensor& vec1, const Tensor& vec2, const Scalar& beta, const Scalar& alpha) {
  TP_CHECK(vec1.dim() == 1, "addr: Expected 1-D argument vec1, but got " + std::to_string(vec1.dim()) + "-D");
  TP_CHECK(vec2.dim() == 1, "addr: Expected 1-D argument vec2, but got " + std::to_string(vec2.dim()) + "-D");
  Tensor self_e = expand(self, {vec1.size(0), vec2.size(0)});
  Tensor v1 = reshape(vec1, {vec1.size(0), 1});
  DType rt = result_type_of({self_e, v1, vec2});
  if (rt == DType::Float16) throw_not_implemented_for(rt);  // Half arithmetic rounds per operation
  for (auto [s, name] : {std::pair<const Scalar*, const char*>{&beta, "beta"}, {&alpha, "alpha"}}) {
    TP_CHECK(!s->is_bool() || rt == DType::Bool,
             std::string("Boolean ") + name + " only supported for Boolean results.");
    TP_CHECK(is_floating(rt) || !s->is_float(), std::string("For integral input tensors, argument ") + name +
                                                    " must not be a floating point number.");
  }
  Prepared p = prepare({self_e, v1, vec2}, rt, rt);
  if (p.empty) return finish(p);
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    const T be = scalar_as<T>(beta), al = scalar_as<T>(alpha);
    auto o = xt_strided<T>(p.out_geom);
    auto s = xt_strided<T>(p.in[0]), x = xt_strided<T>(p.in[1]), y = xt_strided<T>(p.in[2]);
    auto is = s.cbegin(), ix = x.cbegin(), iy = y.cbegin();
    for (auto io = o.begin(); io != o.end(); ++io, ++is, ++ix, ++iy) {
      if constexpr (std::is_same_v<T, bool>) *io = (be && *is) || (al && *ix && *iy);
      else if (be == T(0)) *io = T(al * *ix * *iy);
      else *io = T(be * *is + al * *ix * *iy);
    }
  });
  return finish(p);
}

}  // namespace tp::native
