// Scalar special functions as ATen's Math.h computes them on CPU (calc_erfinv, calc_digamma,
// calc_trigamma): same algorithms and constants, so results round as PyTorch's do.
#pragma once
#include <cmath>
#include <limits>

namespace tp::native {

// Rational approximation refined by two Newton steps (Pavlis' erfinv.m).
template <class T>
T calc_erfinv(T y) {
  const T a[4] = {T(0.886226899), T(-1.645349621), T(0.914624893), T(-0.140543331)};
  const T b[4] = {T(-2.118377725), T(1.442710462), T(-0.329097515), T(0.012229801)};
  const T c[4] = {T(-1.970840454), T(-1.624906493), T(3.429567803), T(1.641345311)};
  const T d[2] = {T(3.543889200), T(1.637067800)};
  T x, z, num, dem;
  T y_abs = std::abs(y);
  if (y_abs > T(1.0)) return std::numeric_limits<T>::quiet_NaN();
  if (y_abs == T(1.0)) return std::copysign(std::numeric_limits<T>::infinity(), y);
  if (y_abs <= T(0.7)) {
    z = y * y;
    num = (((a[3] * z + a[2]) * z + a[1]) * z + a[0]);
    dem = ((((b[3] * z + b[2]) * z + b[1]) * z + b[0]) * z + T(1.0));
    x = y * num / dem;
  } else {
    z = std::sqrt(-std::log((T(1.0) - y_abs) / T(2.0)));
    num = ((c[3] * z + c[2]) * z + c[1]) * z + c[0];
    dem = (d[1] * z + d[0]) * z + T(1.0);
    x = std::copysign(num, y) / dem;
  }
  const T two_over_sqrt_pi = T(2.0) / T(std::sqrt(3.14159265358979323846));
  x = x - (std::erf(x) - y) / (two_over_sqrt_pi * std::exp(-x * x));
  x = x - (std::erf(x) - y) / (two_over_sqrt_pi * std::exp(-x * x));
  return x;
}

template <class T>
T polevl(T x, const T* A, int len) {
  T result = A[0];
  for (int i = 1; i <= len; ++i) result = result * x + A[i];
  return result;
}

// Reflection for x < 0, recurrence up to x >= 10, then the asymptotic series.
template <class T>
T calc_digamma(T x) {
  constexpr double kPi = 3.14159265358979323846;
  const T PSI_10 = T(2.25175258906672110764);
  if (x == T(0)) return std::copysign(std::numeric_limits<T>::infinity(), -x);
  bool x_is_integer = x == std::trunc(x);
  if (x < T(0)) {
    if (x_is_integer) return std::numeric_limits<T>::quiet_NaN();
    T q, r = std::modf(x, &q);
    return calc_digamma<T>(T(1) - x) - T(kPi) / std::tan(T(kPi) * r);
  }
  T result = 0;
  while (x < T(10)) {
    result -= T(1) / x;
    x += T(1);
  }
  if (x == T(10)) return result + PSI_10;
  static const T A[] = {T(8.33333333333333333333E-2), T(-2.10927960927960927961E-2), T(7.57575757575757575758E-3),
                        T(-4.16666666666666666667E-3), T(3.96825396825396825397E-3), T(-8.33333333333333333333E-3),
                        T(8.33333333333333333333E-2)};
  T y = 0;
  if (x < T(1.0e17)) {
    T z = T(1.0) / (x * x);
    y = z * polevl(z, A, 6);
  }
  return result + std::log(x) - (T(0.5) / x) - y;
}

// polygamma(1, x).
template <class T>
T calc_trigamma(T x) {
  constexpr double kPi = 3.14159265358979323846;
  T sign = +1, result = 0;
  if (x < T(0.5)) {
    sign = -1;
    const T sin_pi_x = std::sin(T(kPi) * x);
    result -= T(kPi * kPi) / (sin_pi_x * sin_pi_x);
    x = T(1) - x;
  }
  for (int i = 0; i < 6; ++i) {
    result += T(1) / (x * x);
    x += T(1);
  }
  const T ixx = T(1) / (x * x);
  result += (T(1) + T(1) / (T(2) * x) + ixx * (T(1. / 6) - ixx * (T(1. / 30) - ixx * T(1. / 42)))) / x;
  return sign * result;
}

}  // namespace tp::native
