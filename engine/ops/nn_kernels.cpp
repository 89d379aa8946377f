// Activation and loss kernels (see nn_kernels.h): PyTorch's scalar formulas, in the tensor's type.
#include "ops/nn_kernels.h"

#include <cmath>
#include <string>

#include "core/error.h"
#include "ops/pointwise.h"

namespace tp::native {

namespace {

// Runs body(Prepared, T{}) for float32 / float64 inputs; others get AT_DISPATCH's message.
template <class F>
Tensor float_unary(const Tensor& x, const char* kernel, F body) {
  TP_CHECK(is_floating(x.dtype()),
           std::string("\"") + kernel + "\" not implemented for '" + scalar_type_name(x.dtype()) + "'");
  Prepared p = prepare({x}, x.dtype(), x.dtype());
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    if constexpr (std::is_floating_point_v<T>) body(p, T{});
  });
  return finish(p);
}

template <class F>
Tensor float_binary(const Tensor& a, const Tensor& b, const char* kernel, F body) {
  DType dt = result_type_of({a, b});
  TP_CHECK(is_floating(dt), std::string("\"") + kernel + "\" not implemented for '" + scalar_type_name(dt) + "'");
  Prepared p = prepare({a, b}, dt, dt);
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    if constexpr (std::is_floating_point_v<T>) body(p, T{});
  });
  return finish(p);
}

// GELU constants as Activation.cpp spells them (M_SQRT1_2, M_2_SQRTPI * M_SQRT1_2 * 0.5, ...).
constexpr double kSqrt1_2 = 0.70710678118654752440;
constexpr double k2_SqrtPi = 1.12837916709551257390;
constexpr double kSqrt2 = 1.41421356237309504880;

}  // namespace

Tensor leaky_relu(const Tensor& x, double negative_slope) {
  return float_unary(x, "leaky_relu_cpu", [&](const Prepared& p, auto tag) { using T = decltype(tag);
    T neg = T(negative_slope);
    run_unary<T, T>(p, [neg](T a) -> T { return a > T(0) ? a : a * neg; });
  });
}

Tensor gelu(const Tensor& x, bool tanh_approx) {
  return float_unary(x, "GeluKernelImpl", [&](const Prepared& p, auto tag) { using T = decltype(tag);
    if (tanh_approx) {
      run_unary<T, T>(p, [](T a) -> T {
        const T beta = T(kSqrt2 * k2_SqrtPi * 0.5), kappa = T(0.044715);
        T cube = a * a * a;
        T inner = beta * (a + kappa * cube);
        return T(0.5) * a * (T(1) + std::tanh(inner));
      });
    } else {
      run_unary<T, T>(p, [](T a) -> T { return a * T(0.5) * (T(1) + std::erf(a * T(kSqrt1_2))); });
    }
  });
}

Tensor gelu_backward(const Tensor& grad, const Tensor& x, bool tanh_approx) {
  return float_binary(grad, x, "GeluBackwardKernelImpl", [&](const Prepared& p, auto tag) { using T = decltype(tag);
    if (tanh_approx) {
      run_binary<T, T>(p, [](T dy, T a) -> T {
        const T beta = T(kSqrt2 * k2_SqrtPi * 0.5), kappa = T(0.044715);
        T sq = a * a, cube = sq * a;
        T inner = beta * (a + kappa * cube);
        T th = std::tanh(inner);
        T left = T(0.5) * a, right = T(1) + th;
        T left_derivative = T(0.5) * right;
        T right_derivative = left * (T(1) - th * th) * (beta * (T(1) + T(3) * kappa * sq));
        return dy * (left_derivative + right_derivative);
      });
    } else {
      run_binary<T, T>(p, [](T dy, T a) -> T {
        const T alpha = T(kSqrt1_2), beta = T(k2_SqrtPi * kSqrt1_2 * 0.5);
        T cdf = T(0.5) * (T(1) + std::erf(a * alpha));
        T pdf = beta * std::exp(a * a * T(-0.5));
        return dy * (cdf + a * pdf);
      });
    }
  });
}

Tensor elu(const Tensor& x, double alpha, double scale, double input_scale) {
  return float_unary(x, "elu_cpu", [&](const Prepared& p, auto tag) { using T = decltype(tag);
    T negcoef = T(alpha) * T(scale), poscoef = T(scale), negiptcoef = T(input_scale);  // alpha.to<T>() * scale.to<T>()
    run_unary<T, T>(p, [=](T a) -> T { return a <= T(0) ? std::expm1(a * negiptcoef) * negcoef : a * poscoef; });
  });
}

Tensor silu(const Tensor& x) {
  return float_unary(x, "silu_cpu", [&](const Prepared& p, auto tag) { using T = decltype(tag);
    run_unary<T, T>(p, [](T a) -> T { return a / (T(1) + std::exp(-a)); });
  });
}

Tensor softplus(const Tensor& x, double beta, double threshold) {
  return float_unary(x, "softplus_cpu", [&](const Prepared& p, auto tag) { using T = decltype(tag);
    T b = T(beta), th = T(threshold);
    run_unary<T, T>(p, [b, th](T a) -> T { return (a * b) > th ? a : std::log1p(std::exp(a * b)) / b; });
  });
}

Tensor log_sigmoid(const Tensor& x) {
  return float_unary(x, "log_sigmoid_cpu", [&](const Prepared& p, auto tag) { using T = decltype(tag);
    run_unary<T, T>(p, [](T a) -> T { return std::min(a, T(0)) - std::log1p(std::exp(-std::abs(a))); });
  });
}

Tensor smooth_l1(const Tensor& input, const Tensor& target, double beta) {
  return float_binary(input, target, "smooth_l1_cpu", [&](const Prepared& p, auto tag) { using T = decltype(tag);
    T b = T(beta);
    run_binary<T, T>(p, [b](T x, T y) -> T {
      T z = std::abs(x - y);
      return z < b ? T(0.5) * z * z / b : z - T(0.5) * b;
    });
  });
}

Tensor huber(const Tensor& input, const Tensor& target, double delta) {
  return float_binary(input, target, "huber_cpu", [&](const Prepared& p, auto tag) { using T = decltype(tag);
    T d = T(delta);
    run_binary<T, T>(p, [d](T x, T y) -> T {
      T z = std::abs(x - y);
      return z < d ? T(0.5) * z * z : d * (z - T(0.5) * d);
    });
  });
}

Tensor binary_cross_entropy(const Tensor& input, const Tensor& target) {
  return float_binary(input, target, "binary_cross_entropy", [&](const Prepared& p, auto tag) { using T = decltype(tag);
    run_binary<T, T>(p, [](T x, T y) -> T {
      TP_CHECK(x >= T(0) && x <= T(1), "all elements of input should be between 0 and 1");
      TP_CHECK(y >= T(0) && y <= T(1), "all elements of target should be between 0 and 1");
      return (y - T(1)) * std::max(T(std::log1p(-x)), T(-100)) - y * std::max(T(std::log(x)), T(-100));
    });
  });
}

Tensor mish(const Tensor& x) {
  return float_unary(x, "mish_cpu", [&](const Prepared& p, auto tag) { using T = decltype(tag);
    run_unary<T, T>(p, [](T a) -> T { return a * std::tanh(std::log1p(std::exp(a))); });
  });
}

Tensor mish_backward(const Tensor& grad, const Tensor& x) {
  return float_binary(grad, x, "mish_backward_cpu", [&](const Prepared& p, auto tag) { using T = decltype(tag);
    run_binary<T, T>(p, [](T dy, T a) -> T {
      const T sigmoid = T(1) / (T(1) + std::exp(-a));
      const T tanh_softplus = std::tanh(std::log1p(std::exp(a)));
      return dy * (tanh_softplus + a * sigmoid * (T(1) - tanh_softplus * tanh_softplus));
    });
  });
}

Tensor hardswish(const Tensor& x) {
  return float_unary(x, "hardswish_cpu", [&](const Prepared& p, auto tag) { using T = decltype(tag);
    run_unary<T, T>(p, [](T a) -> T { return a * std::min(std::max(a + T(3), T(0)), T(6)) / T(6); });
  });
}

Tensor hardswish_backward(const Tensor& grad, const Tensor& x) {
  return float_binary(grad, x, "hardswish_backward_cpu", [&](const Prepared& p, auto tag) { using T = decltype(tag);
    run_binary<T, T>(p, [](T dy, T a) -> T {
      if (a < T(-3)) return T(0);
      if (a <= T(3)) return dy * ((a / T(3)) + T(0.5));
      return dy;
    });
  });
}

Tensor hardsigmoid(const Tensor& x) {
  return float_unary(x, "hardsigmoid_cpu", [&](const Prepared& p, auto tag) { using T = decltype(tag);
    run_unary<T, T>(p, [](T a) -> T { return std::min(std::max(a + T(3), T(0)), T(6)) / T(6); });
  });
}

Tensor hardsigmoid_backward(const Tensor& grad, const Tensor& x) {
  return float_binary(grad, x, "hardsigmoid_backward", [&](const Prepared& p, auto tag) { using T = decltype(tag);
    // one_sixth(1.0f / 6.0f)
    run_binary<T, T>(p, [](T dy, T a) -> T { return (a > T(-3) && a < T(3)) ? dy * T(1.0f / 6.0f) : T(0); });
  });
}

Tensor glu(const Tensor& a, const Tensor& b) {
  return float_binary(a, b, "glu_cpu", [&](const Prepared& p, auto tag) { using T = decltype(tag);
    run_binary<T, T>(p, [](T x, T y) -> T { return x * (T(1) / (T(1) + std::exp(-y))); });
  });
}

}  // namespace tp::native
