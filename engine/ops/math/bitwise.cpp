// Bitwise kernels (ops/math/bitwise.h). Shift counts outside [0, bits) are defined the way PyTorch's CPU
// kernels define them: a left shift gives 0, a right shift keeps only the sign (0 or -1).
#include "ops/math/bitwise.h"

#include <climits>
#include <string>
#include <type_traits>

#include "core/error.h"
#include "ops/pointwise.h"

namespace tp::native {

namespace {

const char* kernel_name(BitwiseOp op) {
  switch (op) {
    case BitwiseOp::And: return "bitwise_and_cpu";
    case BitwiseOp::Or: return "bitwise_or_cpu";
    case BitwiseOp::Xor: return "bitwise_xor_cpu";
    case BitwiseOp::LeftShift: return "lshift_cpu";
    case BitwiseOp::RightShift: return "rshift_cpu";
  }
  return "";
}

// AT_DISPATCH_INTEGRAL_TYPES' error for a dtype it does not cover.
std::string not_implemented(const char* kernel, DType t) {
  return std::string("\"") + kernel + "\" not implemented for '" + scalar_type_name(t) + "'";
}

template <class T>
T left_shift(T a, T b) {
  constexpr T bits = T(sizeof(T) * CHAR_BIT);
  if (b < 0 || b >= bits) return 0;
  return T(static_cast<std::make_unsigned_t<T>>(a) << b);
}

template <class T>
T right_shift(T a, T b) {
  constexpr T max_shift = T(sizeof(T) * CHAR_BIT - 1);  // signed types keep the sign bit
  if (b < 0 || b >= max_shift) return T(a >> max_shift);
  return T(a >> b);
}

}  // namespace

Tensor bitwise(const Tensor& a, const Tensor& b, BitwiseOp op) {
  DType rt = result_type(a, b);
  bool shift = op == BitwiseOp::LeftShift || op == BitwiseOp::RightShift;
  TP_CHECK(!is_floating(rt) && !(shift && rt == DType::Bool), not_implemented(kernel_name(op), rt));
  Prepared p = prepare({a, b}, rt, rt);
  dispatch_type(rt, [&](auto tag_) { using T = decltype(tag_);
    if constexpr (std::is_same_v<T, bool>) {
      if (op == BitwiseOp::And) run_binary<T, T>(p, [](T x, T y) -> T { return x && y; });
      else if (op == BitwiseOp::Or) run_binary<T, T>(p, [](T x, T y) -> T { return x || y; });
      else run_binary<T, T>(p, [](T x, T y) -> T { return x != y; });
    } else if constexpr (std::is_integral_v<T>) {
      switch (op) {
        case BitwiseOp::And: run_binary<T, T>(p, [](T x, T y) -> T { return x & y; }); break;
        case BitwiseOp::Or: run_binary<T, T>(p, [](T x, T y) -> T { return x | y; }); break;
        case BitwiseOp::Xor: run_binary<T, T>(p, [](T x, T y) -> T { return x ^ y; }); break;
        case BitwiseOp::LeftShift: run_binary<T, T>(p, [](T x, T y) -> T { return left_shift(x, y); }); break;
        case BitwiseOp::RightShift: run_binary<T, T>(p, [](T x, T y) -> T { return right_shift(x, y); }); break;
      }
    }
  });
  return p.out;
}

Tensor bitwise_not(const Tensor& a) {
  DType t = a.dtype();
  TP_CHECK(!is_floating(t), not_implemented("bitwise_not_cpu", t));
  Prepared p = prepare({a}, t, t);
  dispatch_type(t, [&](auto tag_) { using T = decltype(tag_);
    if constexpr (std::is_same_v<T, bool>) run_unary<T, T>(p, [](T x) -> T { return !x; });
    else if constexpr (std::is_integral_v<T>) run_unary<T, T>(p, [](T x) -> T { return T(~x); });
  });
  return p.out;
}

}  // namespace tp::native
