// Binary pointwise kernels (add/sub/mul/div/floor_divide/remainder/pow/maximum/minimum/compare/
// where) plus type promotion, broadcasting and the device check, with PyTorch's CPU arithmetic:
// everything is computed in the promoted dtype (float32 math stays float32).
#include <cmath>
#include <limits>
#include <string>

#include <type_traits>

#include "core/context.h"
#include "core/error.h"
#include "ops/cold_kernel.h"
#include "ops/pointwise.h"

namespace tp::native {

// ---------------------------------------------------------------- promotion, shapes, devices

namespace {
struct ResultTypeState {
  std::optional<DType> dim, zero, wrapped;
};

void promote_into(std::optional<DType>& slot, DType t) { slot = slot ? promote_types(*slot, t) : t; }

// c10 combine_categories(higher, lower).
std::optional<DType> combine(std::optional<DType> higher, std::optional<DType> lower) {
  if (!higher) return lower;
  if (!lower) return higher;
  if (is_floating(*higher)) return higher;
  if (*higher == DType::Bool || is_floating(*lower)) return promote_types(*higher, *lower);
  return higher;
}
}  // namespace

DType result_type_of(const std::vector<Tensor>& tensors) {
  ResultTypeState s;
  for (const Tensor& t : tensors) {
    DType cur = t.dtype();
    if (t.impl()->is_wrapped_number && is_floating(cur)) cur = ctx().default_dtype;
    if (t.dim() > 0) promote_into(s.dim, cur);
    else if (t.impl()->is_wrapped_number) promote_into(s.wrapped, cur);
    else promote_into(s.zero, cur);
  }
  auto r = combine(s.dim, combine(s.zero, s.wrapped));
  return r ? *r : ctx().default_dtype;
}

DType result_type(const Tensor& a, const Tensor& b) { return result_type_of({a, b}); }

DType result_type_with_scalars(const Tensor& t, const std::vector<Scalar>& scalars) {
  ResultTypeState s;
  DType cur = t.dtype();
  if (t.impl()->is_wrapped_number && is_floating(cur)) cur = ctx().default_dtype;
  if (t.dim() > 0) promote_into(s.dim, cur);
  else if (t.impl()->is_wrapped_number) promote_into(s.wrapped, cur);
  else promote_into(s.zero, cur);
  for (const Scalar& v : scalars)
    promote_into(s.wrapped, v.is_bool() ? DType::Bool : v.is_int() ? DType::Int64 : ctx().default_dtype);
  return *combine(s.dim, combine(s.zero, s.wrapped));
}

// at::infer_size (aten/src/ATen/ExpandUtils.cpp).
Shape broadcast_shapes(const Shape& a, const Shape& b) {
  int64_t da = int64_t(a.size()), db = int64_t(b.size()), n = std::max(da, db);
  Shape out(static_cast<size_t>(n));
  for (int64_t i = n - 1; i >= 0; --i) {
    int64_t off = n - 1 - i;
    int64_t ia = da - 1 - off, ib = db - 1 - off;
    int64_t sa = ia >= 0 ? a[size_t(ia)] : 1, sb = ib >= 0 ? b[size_t(ib)] : 1;
    TP_CHECK(sa == sb || sa == 1 || sb == 1, "The size of tensor a (" + std::to_string(sa) +
                                                 ") must match the size of tensor b (" + std::to_string(sb) +
                                                 ") at non-singleton dimension " + std::to_string(i));
    out[size_t(i)] = sa == 1 ? sb : sa;
  }
  return out;
}

namespace {
// TensorIteratorBase::compute_types: the common device is the first non-cpu operand's; 0-dim cpu
// tensors may join it (allow_cpu_scalars); anything else on another device is an error.
Device check_devices(const std::vector<Tensor>& ts) {
  Device common{};
  for (const Tensor& t : ts)
    if (common.is_cpu() && !t.device().is_cpu()) common = t.device();
  for (const Tensor& t : ts) {
    if (!common.is_cpu() && t.dim() == 0 && t.device().is_cpu()) continue;
    TP_CHECK(t.device() == common, "Expected all tensors to be on the same device, but found at least two devices, " +
                                       common.str() + " and " + t.device().str() + "!");
  }
  return common;
}
}  // namespace

void check_same_device(const Tensor& a, const Tensor& b) { check_devices({a, b}); }

Prepared prepare(const std::vector<Tensor>& inputs, DType compute, DType out_dtype, int opmath_scalar,
                 StorageFill fill) {
  Device dev = check_devices(inputs);
  Shape shape = inputs[0].sizes();
  for (size_t i = 1; i < inputs.size(); ++i) shape = broadcast_shapes(shape, inputs[i].sizes());
  Prepared p;
  p.compute = compute_dtype(compute);
  p.result = out_dtype;
  p.out = fill == StorageFill::kForOverwrite
              ? empty_strided_for_overwrite(shape, output_strides(inputs, shape, compute), compute_dtype(out_dtype), dev)
              : empty_strided(shape, output_strides(inputs, shape, compute), compute_dtype(out_dtype), dev);
  p.out_geom = geometry_of(p.out);
  p.empty = p.out.numel() == 0;
  p.keep.resize(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    Tensor in = inputs[i];
    const bool keep_full = int(i) == opmath_scalar && in.dim() == 0;
    if (compute != p.compute && in.dtype() != compute && !keep_full) in = to(in, compute, in.device(), false);
    p.in.push_back(broadcast_geometry(as_dtype(in, p.compute, p.keep[i]), shape));
  }
  return p;
}

Tensor finish(const Prepared& p) {
  if (p.out.dtype() == p.result) return p.out;
  // convert_copy writes every element (Note [Storage fill])
  Tensor r = empty_strided_for_overwrite(p.out.sizes(), p.out.strides(), p.result, p.out.device());
  convert_copy(geometry_of(r), geometry_of(p.out));
  return r;
}

// ---------------------------------------------------------------- arithmetic

namespace {

template <class F>
Tensor binary_same_type(const Tensor& a, const Tensor& b, DType compute, F body, int opmath_scalar = -1,
                        StorageFill fill = StorageFill::kZeros) {
  Prepared p = prepare({a, b}, compute, compute, opmath_scalar, fill);
  dispatch_type(p.compute, [&](auto tag_) { using scalar_t = decltype(tag_); body(p, scalar_t{}); });
  return finish(p);
}

std::string not_implemented(const char* op, DType t) {
  return std::string("\"") + op + "\" not implemented for '" + scalar_type_name(t) + "'";
}

// powi from aten/src/ATen/native/Pow.h (integer power by squaring; negative exponents -> 0/±1).
template <class T>
T powi(T a, T b) {
  if (b < 0) {
    if (a == 1) return 1;
    if (a == -1) return ((-b) % 2) ? T(-1) : T(1);
    return 0;
  }
  T result = 1;
  while (b) {
    if (b & 1) result *= a;
    b /= 2;
    a *= a;
  }
  return result;
}

}  // namespace

// add: out = a + alpha * b (ufunc::add), alpha checked like alpha_check().
Tensor add(const Tensor& a, const Tensor& b, const Scalar& alpha) {
  DType rt = result_type(a, b);
  TP_CHECK(!alpha.is_bool() || rt == DType::Bool, "Boolean alpha only supported for Boolean results.");
  TP_CHECK(is_floating(rt) || !alpha.is_float(),
           "For integral input tensors, argument alpha must not be a floating point number.");
  return binary_same_type(a, b, rt, [&](const Prepared& p, auto tag) {
    using T = decltype(tag);
    const T al = scalar_as<T>(alpha);
    if constexpr (std::is_same_v<T, bool>) run_binary<T, T>(p, [al](T x, T y) -> T { return x || (al && y); });
    // vec::fmadd(b, alpha, a) on AVX2 is fused; with alpha = +-1 it equals a + b / a - b exactly
    // (and std::fma is a slow library call in WebAssembly).
    else if constexpr (std::is_floating_point_v<T>) {
      if (al == T(1)) run_binary_inline<T>(p, [](T x, T y) -> T { return x + y; });
      else if (al == T(-1)) run_binary_inline<T>(p, [](T x, T y) -> T { return x - y; });
      else run_binary<T, T>(p, [al](T x, T y) -> T { return std::fma(y, al, x); });
    }
    else run_binary<T, T>(p, [al](T x, T y) -> T { return x + al * y; });
  }, /*opmath_scalar=*/1, StorageFill::kForOverwrite);  // every dtype branch writes every element
}

Tensor sub(const Tensor& a, const Tensor& b, const Scalar& alpha) {
  TP_CHECK(a.dtype() != DType::Bool || b.dtype() != DType::Bool,
           "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` "
           "operator instead.");
  TP_CHECK(a.dtype() != DType::Bool && b.dtype() != DType::Bool,
           "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, "
           "use the `~` or `logical_not()` operator instead.");
  Scalar neg = alpha.is_float() ? Scalar::from_double(-alpha.to_double()) : Scalar::from_int(-alpha.to_int());
  return add(a, b, neg);
}

Tensor mul(const Tensor& a, const Tensor& b) {
  return binary_same_type(a, b, result_type(a, b), [&](const Prepared& p, auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_same_v<T, bool>) run_binary<T, T>(p, [](T x, T y) -> T { return x && y; });
    else if constexpr (std::is_floating_point_v<T>) run_binary_inline<T>(p, [](T x, T y) -> T { return x * y; });
    else run_binary<T, T>(p, [](T x, T y) -> T { return x * y; });
  }, /*opmath_scalar=*/1, StorageFill::kForOverwrite);  // every dtype branch writes every element
}

// True division: integral inputs compute in the default float dtype.
Tensor div(const Tensor& a, const Tensor& b) {
  DType rt = result_type(a, b);
  if (!is_floating(rt)) rt = ctx().default_dtype;
  return binary_same_type(a, b, rt, [&](const Prepared& p, auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) run_binary<T, T>(p, [](T x, T y) -> T { return x / y; });
  }, /*opmath_scalar=*/1, StorageFill::kForOverwrite);  // rt is floating: the one branch always runs
}

namespace {
// Note [Most negative integer divided by -1]: INT_MIN / -1 and INT_MIN % -1 trap on x86 (SIGFPE)
// and in WebAssembly. ATen divides with the hardware instruction and so crashes the process; the
// playground must not, so it returns what the division gives without the trap, in two's complement
// (INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0), as numpy does.
template <class T>
T int_div(T x, T y) {
  if constexpr (std::is_signed_v<T>) {
    using U = std::make_unsigned_t<T>;
    if (y == T(-1)) return T(U(0) - U(x));
  }
  return T(x / y);
}
template <class T>
T int_mod(T x, T y) {
  if constexpr (std::is_signed_v<T>) {
    if (y == T(-1)) return T(0);
  }
  return T(x % y);
}
}  // namespace

namespace {
// Integer division by zero is an error on CPU (BinaryOpsKernel.cpp): checked before computing.
// A cold kernel (ops/cold_kernel.h): nine dtypes of xtensor iterators were ~20 KB of WebAssembly.
TP_COLD_KERNEL void check_no_int_zero(const Prepared& p, DType t) {
  if (is_floating(t) || p.empty) return;
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    auto bv = xt_strided<T>(p.in[1]);
    for (auto it = bv.cbegin(); it != bv.cend(); ++it) TP_CHECK(*it != T(0), "ZeroDivisionError");
  });
}
}  // namespace

// div_floor_floating / div_floor_integer (aten/src/ATen/native/BinaryOps.h).
Tensor floor_divide(const Tensor& a, const Tensor& b) {
  DType rt = result_type(a, b);
  TP_CHECK(rt != DType::Bool, not_implemented("div_floor_cpu", rt));
  Prepared p = prepare({a, b}, rt, rt);
  check_no_int_zero(p, rt);
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    if constexpr (std::is_floating_point_v<T>) {
      run_binary<T, T>(p, [](T x, T y) -> T {
        if (y == 0) return x / y;
        T mod = std::fmod(x, y);
        T d = (x - mod) / y;
        if (mod != 0 && (y < 0) != (mod < 0)) d -= T(1);
        if (d != 0) {
          T f = std::floor(d);
          if (d - f > T(0.5)) f += T(1);
          return f;
        }
        return std::copysign(T(0), x / y);
      });
    } else if constexpr (!std::is_same_v<T, bool>) {
      run_binary<T, T>(p, [](T x, T y) -> T {
        if ((x < 0) != (y < 0)) {
          T q = int_div(x, y), r = int_mod(x, y);
          return r ? T(q - 1) : q;
        }
        return int_div(x, y);
      });
    }
  });
  return finish(p);
}

// BinaryOpsKernel.cpp fmod_kernel: C's fmod / %, the result takes the dividend's sign.
Tensor fmod(const Tensor& a, const Tensor& b) {
  DType rt = result_type(a, b);
  TP_CHECK(rt != DType::Bool, not_implemented("fmod_cpu", rt));
  Prepared p = prepare({a, b}, rt, rt);
  check_no_int_zero(p, rt);
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    if constexpr (std::is_floating_point_v<T>) {
      run_binary<T, T>(p, [](T x, T y) -> T { return std::fmod(x, y); });
    } else if constexpr (!std::is_same_v<T, bool>) {
      run_binary<T, T>(p, [](T x, T y) -> T { return int_mod(x, y); });
    }
  });
  return finish(p);
}

// Python's sign rule: the result takes the divisor's sign.
Tensor remainder(const Tensor& a, const Tensor& b) {
  DType rt = result_type(a, b);
  TP_CHECK(rt != DType::Bool, not_implemented("remainder_cpu", rt));
  Prepared p = prepare({a, b}, rt, rt);
  check_no_int_zero(p, rt);
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    if constexpr (std::is_floating_point_v<T>) {
      run_binary<T, T>(p, [](T x, T y) -> T {
        T mod = std::fmod(x, y);
        if (mod != 0 && (y < 0) != (mod < 0)) mod += y;
        return mod;
      });
    } else if constexpr (!std::is_same_v<T, bool>) {
      run_binary<T, T>(p, [](T x, T y) -> T {
        T r = int_mod(x, y);
        if (r != 0 && (r < 0) != (y < 0)) r += y;
        return r;
      });
    }
  });
  return finish(p);
}

namespace {
// pow(Tensor, Scalar) (aten/src/ATen/native/Pow.cpp + cpu/PowKernel.cpp): exponent 0 fills ones,
// 1 copies, and 0.5/-0.5/-1/2/3/-2 take the specialised formulas.
Tensor pow_tensor_scalar(const Tensor& base, const Scalar& e) {
  TP_CHECK(!(is_integral(base.dtype(), true) && !e.is_float() && e.to_int() < 0),
           "Integers to negative integer powers are not allowed.");
  DType rt = result_type_with_scalars(base, {e});
  Prepared p = prepare({base}, rt, rt);
  double ed = e.to_double();
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    if (ed == 0.0) {
      run_unary<T, T>(p, [](T) -> T { return T(1); });
    } else if (ed == 1.0) {
      run_unary<T, T>(p, [](T x) -> T { return x; });
    } else if constexpr (std::is_floating_point_v<T>) {
      if (ed == 0.5) run_unary<T, T>(p, [](T x) -> T { return std::sqrt(x); });
      else if (ed == -0.5) run_unary<T, T>(p, [](T x) -> T { return T(1) / std::sqrt(x); });
      else if (ed == -1.0) run_unary<T, T>(p, [](T x) -> T { return T(1) / x; });
      else if (ed == 2.0) run_unary<T, T>(p, [](T x) -> T { return x * x; });
      else if (ed == 3.0) run_unary<T, T>(p, [](T x) -> T { return x * x * x; });
      else if (ed == -2.0) run_unary<T, T>(p, [](T x) -> T { return T(1.0 / double(x * x)); });
      else run_unary<T, T>(p, [ed](T x) -> T { return T(std::pow(x, ed)); });
    } else if constexpr (std::is_same_v<T, bool>) {
      throw_runtime(not_implemented("pow", rt));
    } else {
      const T ei = scalar_as<T>(e);
      run_unary<T, T>(p, [ei](T x) -> T { return powi(x, ei); });
    }
  });
  return finish(p);
}
}  // namespace

Tensor pow(const Tensor& a, const Tensor& b) {
  if (b.impl()->is_wrapped_number) return pow_tensor_scalar(a, b.scalar_at(b.storage_offset()));
  DType rt = result_type(a, b);
  if (a.impl()->is_wrapped_number && a.double_at(a.storage_offset()) == 1.0)
    return full(b.sizes(), Scalar::from_int(1), rt, b.device());
  TP_CHECK(rt != DType::Bool, not_implemented("pow", rt));
  return binary_same_type(a, b, rt, [&](const Prepared& p, auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) run_binary<T, T>(p, [](T x, T y) -> T { return std::pow(x, y); });
    else if constexpr (!std::is_same_v<T, bool>) run_binary<T, T>(p, [](T x, T y) -> T { return powi(x, y); });
  });
}

// maximum/minimum propagate NaN (BinaryOpsKernel.cpp maximum_kernel).
Tensor maximum(const Tensor& a, const Tensor& b) {
  return binary_same_type(a, b, result_type(a, b), [&](const Prepared& p, auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_same_v<T, bool>) run_binary<T, T>(p, [](T x, T y) -> T { return x || y; });
    else if constexpr (std::is_floating_point_v<T>)
      run_binary<T, T>(p, [](T x, T y) -> T { return (x != x || y != y) ? std::numeric_limits<T>::quiet_NaN() : std::max(x, y); });
    else run_binary<T, T>(p, [](T x, T y) -> T { return std::max(x, y); });
  });
}

Tensor minimum(const Tensor& a, const Tensor& b) {
  return binary_same_type(a, b, result_type(a, b), [&](const Prepared& p, auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_same_v<T, bool>) run_binary<T, T>(p, [](T x, T y) -> T { return x && y; });
    else if constexpr (std::is_floating_point_v<T>)
      run_binary<T, T>(p, [](T x, T y) -> T { return (x != x || y != y) ? std::numeric_limits<T>::quiet_NaN() : std::min(x, y); });
    else run_binary<T, T>(p, [](T x, T y) -> T { return std::min(x, y); });
  });
}

Tensor compare(const Tensor& a, const Tensor& b, CompareOp op) {
  DType rt = result_type(a, b);
  Prepared p = prepare({a, b}, rt, DType::Bool);
  dispatch_type(p.compute, [&](auto tag_) { using T = decltype(tag_);
    switch (op) {
      case CompareOp::Eq: run_binary<T, bool>(p, [](T x, T y) { return x == y; }); break;
      case CompareOp::Ne: run_binary<T, bool>(p, [](T x, T y) { return x != y; }); break;
      case CompareOp::Lt: run_binary<T, bool>(p, [](T x, T y) { return x < y; }); break;
      case CompareOp::Le: run_binary<T, bool>(p, [](T x, T y) { return x <= y; }); break;
      case CompareOp::Gt: run_binary<T, bool>(p, [](T x, T y) { return x > y; }); break;
      case CompareOp::Ge: run_binary<T, bool>(p, [](T x, T y) { return x >= y; }); break;
    }
  });
  return finish(p);
}

namespace {
// Note [where by element size]: where only moves elements, so its kernel depends on the element's
// size alone: one copy of it per width (an unsigned integer of that size carries the bits of any
// dtype unchanged, -0.0 and NaN payloads included) instead of one ~6 KB xtensor loop per dtype.
template <size_t N> struct BitsOfSize;
template <> struct BitsOfSize<1> { using type = uint8_t; };
template <> struct BitsOfSize<2> { using type = uint16_t; };
template <> struct BitsOfSize<4> { using type = uint32_t; };
template <> struct BitsOfSize<8> { using type = uint64_t; };

// A cold kernel (ops/cold_kernel.h): only activations' backward and tril/triu/lerp call it in
// the engine; ~5.7 KB of WebAssembly per width at -O3.
template <class B>
__attribute__((noinline)) TP_COLD_KERNEL void where_bits(const Prepared& p, const Geometry& cg) {
  auto ov = xt_strided<B>(p.out_geom);
  xt::noalias(ov) = xt::make_lambda_xfunction([](bool c, B x, B y) -> B { return c ? x : y; },
                                              xt_strided<bool>(cg), xt_strided<B>(p.in[1]), xt_strided<B>(p.in[2]));
}
}  // namespace

Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b) {
  TP_CHECK(cond.dtype() == DType::Bool, "where expected condition to be a boolean tensor, but got a tensor with dtype " +
                                            scalar_type_name(cond.dtype()));
  DType rt = result_type(a, b);
  // Convert the condition separately: prepare() converts every input to the compute dtype.
  Prepared p = prepare({cond, a, b}, rt, rt);
  Scratch cond_keep;
  Geometry cg = broadcast_geometry(as_dtype(cond, DType::Bool, cond_keep), p.out.sizes());
  if (p.empty) return finish(p);
  dispatch_type(p.compute, [&](auto tag_) { where_bits<typename BitsOfSize<sizeof(tag_)>::type>(p, cg); });
  return finish(p);
}

}  // namespace tp::native
