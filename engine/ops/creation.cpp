// Factory kernels: empty/full/zeros/ones/eye, torch.tensor's core, wrapped scalars and the range
// factories (arange/linspace/logspace) with PyTorch's exact CPU arithmetic.
#include <cmath>
#include <limits>
#include <string>

#include "core/context.h"
#include "core/error.h"
#include "ops/native.h"

namespace tp::native {

namespace {

// Writes `f(i)` (already in the element type) to every element of a fresh contiguous tensor.
template <class scalar_t, class F>
void fill_contiguous(const Tensor& out, F f) {
  auto* p = reinterpret_cast<scalar_t*>(out.raw(out.storage_offset()));
  int64_t n = out.numel();
  for (int64_t i = 0; i < n; ++i) p[i] = f(i);
}

// c10::Scalar::to<T>() for our element types.
template <class T>
T scalar_to(const Scalar& s) {
  if constexpr (std::is_same_v<T, bool>) return s.to_bool();
  else if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, Half>) return T(s.to_double());
  else return s.is_float() ? T(int64_t(s.to_double())) : T(s.to_int());
}

// Python's repr-ish of a Scalar in messages like "unsupported range: 0 -> inf".
std::string scalar_msg(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (std::isnan(v)) return "nan";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace

Tensor empty(const Shape& sizes, DType dtype, Device device) { return make_empty(sizes, dtype, device); }

Tensor full(const Shape& sizes, const Scalar& value, DType dtype, Device device) {
  Tensor out = make_empty(sizes, dtype, device);
  TP_DISPATCH_STORAGE(dtype, scalar_t, {
    scalar_t v = scalar_to<scalar_t>(value);
    fill_contiguous<scalar_t>(out, [v](int64_t) { return v; });
  });
  return out;
}

Tensor zeros(const Shape& sizes, DType dtype, Device device) { return make_empty(sizes, dtype, device); }

Tensor ones(const Shape& sizes, DType dtype, Device device) {
  return full(sizes, Scalar::from_int(1), dtype, device);
}

Tensor eye(int64_t n, int64_t m, DType dtype, Device device) {
  TP_CHECK(n >= 0, "n must be greater or equal to 0, got " + std::to_string(n));
  TP_CHECK(m >= 0, "m must be greater or equal to 0, got " + std::to_string(m));
  Tensor out = make_empty({n, m}, dtype, device);
  for (int64_t i = 0; i < std::min(n, m); ++i) out.set_at(i * m + i, Scalar::from_int(1));
  return out;
}

Tensor from_scalars(const std::vector<Scalar>& values, const Shape& sizes, DType dtype, Device device) {
  TP_INTERNAL_ASSERT(int64_t(values.size()) == shape_numel(sizes), "from_scalars: values/shape mismatch");
  Tensor out = make_empty(sizes, dtype, device);
  TP_DISPATCH_STORAGE(dtype, scalar_t, {
    fill_contiguous<scalar_t>(out, [&](int64_t i) { return scalar_to<scalar_t>(values[size_t(i)]); });
  });
  return out;
}

namespace {
// c10 overflows<To, From>: an int may wrap into an unsigned type from below (-1 -> 255 is allowed,
// "a - b as a + 255 * b"); a float must lie within [lowest, max] (inf is fine for float types).
bool scalar_overflows(const Scalar& s, DType d) {
  if (d == DType::Bool || s.is_bool()) return false;
  double lo = 0, hi = 0;
  switch (d) {
    case DType::UInt8: lo = 0, hi = 255; break;
    case DType::Int8: lo = -128, hi = 127; break;
    case DType::Int16: lo = -32768, hi = 32767; break;
    case DType::Int32: lo = -2147483648.0, hi = 2147483647.0; break;
    case DType::Int64: lo = -9223372036854775808.0, hi = 9223372036854775807.0; break;
    case DType::Float16: lo = -65504, hi = 65504; break;
    case DType::Float32: lo = -double(std::numeric_limits<float>::max()), hi = double(std::numeric_limits<float>::max()); break;
    case DType::Float64: lo = -std::numeric_limits<double>::max(), hi = std::numeric_limits<double>::max(); break;
    case DType::Bool: return false;
  }
  if (s.is_int()) {
    const int64_t v = s.to_int();
    if (d == DType::Int64 || d == DType::Float32 || d == DType::Float64) return false;
    if (d == DType::UInt8 && v < 0) return v < -255;
    return double(v) < lo || double(v) > hi;
  }
  const double f = s.to_double();
  if (is_floating(d) && std::isinf(f)) return false;
  if (!is_floating(d) && f != f) return true;
  return f < lo || f > hi;
}

const char* c_name_for_scalar_to(DType d) {  // DEFINE_ACCESSOR(type, name) in c10/core/Scalar.h
  switch (d) {
    case DType::UInt8: return "uint8_t";
    case DType::Int8: return "int8_t";
    case DType::Int16: return "int16_t";
    case DType::Int32: return "int";
    case DType::Int64: return "int64_t";
    case DType::Float16: return "at::Half";
    case DType::Float32: return "float";
    case DType::Float64: return "double";
    case DType::Bool: return "bool";
  }
  return "?";
}
}  // namespace

void check_scalar_fits(const Scalar& s, DType d, bool storing) {
  if (storing && !is_integral(d, /*include_bool=*/false)) return;  // store_scalar: floats unchecked
  if (!scalar_overflows(s, d)) return;
  throw_runtime(std::string("value cannot be converted to type ") +
                (storing ? dtype_short_name(d) : std::string(c_name_for_scalar_to(d))) + " without overflow");
}

// Note [Wrapped numbers]: like PyTorch's scalar_to_tensor, a Python float is kept as a double (so
// `double_t + 0.1` sees the exact 0.1) and an int as int64; result_type() then counts a wrapped
// float as the default dtype.
Tensor wrap_scalar(const Scalar& s, Device device) {
  DType dt = s.is_bool() ? DType::Bool : s.is_int() ? DType::Int64 : DType::Float64;
  Tensor out = make_empty({}, dt, device);
  out.set_at(0, s);
  out.impl()->is_wrapped_number = true;
  return out;
}

// aten/src/ATen/native/RangeFactories.cpp (arange_out) + cpu/RangeFactoriesKernel.cpp.
Tensor arange(const Scalar& start, const Scalar& end, const Scalar& step, OptDType dtype, Device device) {
  DType dt = dtype ? *dtype
                   : (start.is_float() || end.is_float() || step.is_float()) ? ctx().default_dtype : DType::Int64;
  TP_CHECK(dt != DType::Bool, "\"arange_cpu\" not implemented for 'Bool'");
  int64_t size = 0;
  // Bound checks in the accumulate type (double for floating and int32; int64 for int64).
  if (is_integral(dt, /*include_bool=*/false)) {
    int64_t xstart = start.to_int(), xend = end.to_int(), xstep = step.to_int();
    TP_CHECK(xstep != 0, "step must be nonzero");
    TP_CHECK((xstep > 0 && xend >= xstart) || (xstep < 0 && xend <= xstart),
             "upper bound and larger bound inconsistent with step sign");
    double size_d;
    if (dt == DType::Int64) {
      int64_t sgn = (xstep > 0) - (xstep < 0);
      size_d = std::ceil(double((xend - xstart + xstep - sgn) / xstep));
    } else {
      size_d = std::ceil((end.to_double() - start.to_double()) / step.to_double());
    }
    size = int64_t(size_d);
  } else {
    double xstart = start.to_double(), xend = end.to_double(), xstep = step.to_double();
    TP_CHECK(xstep > 0 || xstep < 0, "step must be nonzero");
    TP_CHECK(std::isfinite(xstart) && std::isfinite(xend),
             "unsupported range: " + scalar_msg(xstart) + " -> " + scalar_msg(xend));
    TP_CHECK((xstep > 0 && xend >= xstart) || (xstep < 0 && xend <= xstart),
             "upper bound and larger bound inconsistent with step sign");
    double size_d = std::ceil((xend - xstart) / xstep);
    TP_CHECK(size_d >= 0 && size_d <= double(std::numeric_limits<int64_t>::max()),
             "invalid size, possible overflow?");
    size = int64_t(size_d);
  }
  Tensor out = make_empty({size}, dt, device);
  switch (dt) {
    case DType::Int64: {
      int64_t s0 = start.to_int(), st = step.to_int();
      fill_contiguous<int64_t>(out, [&](int64_t i) { return s0 + st * i; });
      break;
    }
    case DType::UInt8: case DType::Int8: case DType::Int16: case DType::Int32: {
      int64_t s0 = start.to_int(), st = step.to_int();  // int64 accumulate, then wrap to the type
      TP_DISPATCH(dt, scalar_t, {
        if constexpr (std::is_integral_v<scalar_t>)
          fill_contiguous<scalar_t>(out, [&](int64_t i) { return scalar_t(s0 + st * i); });
      });
      break;
    }
    case DType::Float32:
    case DType::Float64: {
      // Note [arange vector path]: cpu_serial_kernel_vec fills blocks of 2 x Vectorized<T>::size()
      // (AVX2: 8 floats / 4 doubles) as base = T(start + step*idx), then T(base + k*step) with base
      // promoted back to double; the tail is scalar T(start + step*idx). The block rounding is
      // visible (e.g. arange(0, 2, 0.1)[9] differs), so we reproduce it.
      double s0 = start.to_double(), st = step.to_double();
      TP_DISPATCH(dt, scalar_t, {
        if constexpr (std::is_floating_point_v<scalar_t>) {
          const int64_t vec = std::is_same_v<scalar_t, float> ? 8 : 4;
          auto* p = reinterpret_cast<scalar_t*>(out.raw(0));
          int64_t i = 0;
          for (; i + 2 * vec <= size; i += 2 * vec) {
            for (int64_t h = 0; h < 2; ++h) {
              int64_t b = i + h * vec;
              scalar_t base = scalar_t(s0 + st * double(b));
              for (int64_t k = 0; k < vec; ++k) p[b + k] = scalar_t(double(base) + double(k) * st);
            }
          }
          for (; i < size; ++i) p[i] = scalar_t(s0 + st * double(i));
        }
      });
      break;
    }
    default: throw_not_implemented_for(dt);
  }
  return out;
}

// RangeFactories.cpp range_out (torch.range, deprecated): both ends included, size
// int64((end - start) / step + 1) and values start + i*step, all in the accumulate type (double for
// floating and int32 on CPU, int64 for int64), then cast.
Tensor range(const Scalar& start, const Scalar& end, const Scalar& step, DType dt, Device device) {
  TP_CHECK(dt != DType::Bool, "\"range_cpu\" not implemented for 'Bool'");
  int64_t size = 0;
  if (is_integral(dt, /*include_bool=*/false)) {
    int64_t xstart = start.to_int(), xend = end.to_int(), xstep = step.to_int();
    TP_CHECK(xstep != 0, "step must be nonzero");
    TP_CHECK((xstep > 0 && xend >= xstart) || (xstep < 0 && xend <= xstart),
             "upper bound and larger bound inconsistent with step sign");
    size = (xend - xstart) / xstep + 1;
    Tensor out = make_empty({size}, dt, device);
    TP_DISPATCH(dt, scalar_t, {
      if constexpr (std::is_integral_v<scalar_t>)
        fill_contiguous<scalar_t>(out, [&](int64_t i) { return scalar_t(xstart + i * xstep); });
    });
    return out;
  }
  double xstart = start.to_double(), xend = end.to_double(), xstep = step.to_double();
  TP_CHECK(xstep > 0 || xstep < 0, "step must be nonzero");
  TP_CHECK(std::isfinite(xstart) && std::isfinite(xend),
           "unsupported range: " + scalar_msg(xstart) + " -> " + scalar_msg(xend));
  TP_CHECK((xstep > 0 && xend >= xstart) || (xstep < 0 && xend <= xstart),
           "upper bound and larger bound inconsistent with step sign");
  size = int64_t((xend - xstart) / xstep + 1);
  Tensor out = make_empty({size}, dt, device);
  TP_DISPATCH(dt, scalar_t, {
    if constexpr (!std::is_same_v<scalar_t, bool>)
      fill_contiguous<scalar_t>(out, [&](int64_t i) { return scalar_t(xstart + double(i) * xstep); });
  });
  return out;
}

// cpu/RangeFactoriesKernel.cpp linspace_kernel: both halves computed from their own end.
Tensor linspace(const Scalar& start, const Scalar& end, int64_t steps, OptDType dtype, Device device) {
  TP_CHECK(steps >= 0, "number of steps must be non-negative");
  DType dt = dtype ? *dtype : ctx().default_dtype;
  Tensor out = make_empty({steps}, dt, device);
  if (steps == 0) return out;
  if (steps == 1) {
    out.set_at(0, start);
    return out;
  }
  TP_DISPATCH(dt, scalar_t, {
    if constexpr (std::is_same_v<scalar_t, bool>) {
      throw_runtime("\"linspace_cpu\" not implemented for 'Bool'");
    } else {
      using step_t = std::conditional_t<std::is_integral_v<scalar_t>, double, scalar_t>;
      const scalar_t s = scalar_to<scalar_t>(start), e = scalar_to<scalar_t>(end);
      const step_t step = (step_t(e) - step_t(s)) / step_t(steps - 1);
      const int64_t halfway = steps / 2;
      fill_contiguous<scalar_t>(out, [&](int64_t idx) -> scalar_t {
        if (idx < halfway) return scalar_t(s + step * step_t(idx));
        return scalar_t(e - step * step_t(steps - idx - 1));
      });
    }
  });
  return out;
}

// RangeFactories.cpp logspace_out: exponents in double (float base for integral outputs).
Tensor logspace(const Scalar& start, const Scalar& end, int64_t steps, double base, OptDType dtype,
                Device device) {
  TP_CHECK(steps >= 0, "number of steps must be non-negative");
  DType dt = dtype ? *dtype : ctx().default_dtype;
  Tensor out = make_empty({steps}, dt, device);
  if (steps == 0) return out;
  if (steps == 1) {
    out.set_at(0, Scalar::from_double(std::pow(base, start.to_double())));
    return out;
  }
  TP_DISPATCH(dt, scalar_t, {
    if constexpr (std::is_same_v<scalar_t, bool>) {
      throw_runtime("\"logspace_cpu\" not implemented for 'Bool'");
    } else {
      const scalar_t s = scalar_to<scalar_t>(start), e = scalar_to<scalar_t>(end);
      const double step = double(e - s) / double(steps - 1);
      const int64_t halfway = steps / 2;
      if constexpr (std::is_integral_v<scalar_t>) {
        const float b = float(base);
        fill_contiguous<scalar_t>(out, [&](int64_t i) -> scalar_t {
          return scalar_t(i < halfway ? std::pow(b, s + step * i) : std::pow(b, e - step * (steps - i - 1)));
        });
      } else {
        fill_contiguous<scalar_t>(out, [&](int64_t i) -> scalar_t {
          return scalar_t(i < halfway ? std::pow(base, s + step * i) : std::pow(base, e - step * (steps - i - 1)));
        });
      }
    }
  });
  return out;
}

}  // namespace tp::native
