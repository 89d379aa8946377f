// The xtensor loops behind run_unary/run_binary, one per element-type pair
// (Note [One loop per element type] in ops/pointwise.h).
#include <cstdint>
#include <utility>

#include "ops/pointwise.h"

namespace tp::native {

namespace {

// Note [Flat walk]: when the output is C-contiguous and every input either has the output's
// strides or is one broadcast value (all strides 0), the elements can be visited as a flat array
// in the same (row-major) order xtensor would use, without its strided steppers (several times
// faster, in WebAssembly most of all). Returns the element step of `in` (1 or 0), or -1.
bool c_contiguous(const Geometry& g) {
  int64_t expect = 1;
  for (size_t d = g.sizes.size(); d-- > 0;) {
    if (g.sizes[d] != 1 && g.strides[d] != expect) return false;
    expect *= g.sizes[d];
  }
  return true;
}
int64_t flat_step(const Geometry& out, const Geometry& in) {
  bool same = true, zero = true;
  for (size_t d = 0; d < out.sizes.size(); ++d) {
    if (out.sizes[d] == 1) continue;
    same = same && in.strides[d] == out.strides[d];
    zero = zero && in.strides[d] == 0;
  }
  return same ? 1 : zero ? 0 : -1;
}
int64_t numel_of(const Geometry& g) {
  int64_t n = 1;
  for (int64_t s : g.sizes) n *= s;
  return n;
}
template <class T>
T* first(const Geometry& g) {
  return reinterpret_cast<T*>(g.base) + g.offset;
}

}  // namespace

bool flat_steps(const Prepared& p, int64_t* steps, int64_t* n) {
  if (!c_contiguous(p.out_geom)) return false;
  for (size_t i = 0; i < p.in.size(); ++i)
    if ((steps[i] = flat_step(p.out_geom, p.in[i])) < 0) return false;
  *n = numel_of(p.out_geom);
  return true;
}

template <class R, class O>
void unary_loop(const Prepared& p, UnaryFn<R, O> f) {
  const int64_t sx = c_contiguous(p.out_geom) ? flat_step(p.out_geom, p.in[0]) : -1;
  if (sx >= 0) {  // Note [Flat walk]
    O* out = first<O>(p.out_geom);
    const R* x = first<R>(p.in[0]);
    for (int64_t i = 0, n = numel_of(p.out_geom); i < n; ++i) out[i] = f(x[i * sx]);
    return;
  }
  auto ov = xt_strided<O>(p.out_geom);
  xt::noalias(ov) = xt::make_lambda_xfunction(std::move(f), xt_strided<R>(p.in[0]));
}

template <class R, class O>
void binary_loop(const Prepared& p, BinaryFn<R, O> f) {
  const bool flat = c_contiguous(p.out_geom);
  const int64_t sx = flat ? flat_step(p.out_geom, p.in[0]) : -1, sy = flat ? flat_step(p.out_geom, p.in[1]) : -1;
  if (sx >= 0 && sy >= 0) {  // Note [Flat walk]
    O* out = first<O>(p.out_geom);
    const R* x = first<R>(p.in[0]);
    const R* y = first<R>(p.in[1]);
    for (int64_t i = 0, n = numel_of(p.out_geom); i < n; ++i) out[i] = f(x[i * sx], y[i * sy]);
    return;
  }
  auto ov = xt_strided<O>(p.out_geom);
  xt::noalias(ov) = xt::make_lambda_xfunction(std::move(f), xt_strided<R>(p.in[0]), xt_strided<R>(p.in[1]));
}

// Kernels compute in their own type or produce bool (comparisons, logical_not).
#define TP_SAME_TYPE_LOOPS(T)                                     \
  template void unary_loop<T, T>(const Prepared&, UnaryFn<T, T>); \
  template void binary_loop<T, T>(const Prepared&, BinaryFn<T, T>);
#define TP_TO_BOOL_LOOPS(T)                                             \
  template void unary_loop<T, bool>(const Prepared&, UnaryFn<T, bool>); \
  template void binary_loop<T, bool>(const Prepared&, BinaryFn<T, bool>);
TP_SAME_TYPE_LOOPS(bool)
TP_SAME_TYPE_LOOPS(uint8_t)
TP_SAME_TYPE_LOOPS(int8_t)
TP_SAME_TYPE_LOOPS(int16_t)
TP_SAME_TYPE_LOOPS(int32_t)
TP_SAME_TYPE_LOOPS(int64_t)
TP_SAME_TYPE_LOOPS(float)
TP_SAME_TYPE_LOOPS(double)
TP_TO_BOOL_LOOPS(uint8_t)
TP_TO_BOOL_LOOPS(int8_t)
TP_TO_BOOL_LOOPS(int16_t)
TP_TO_BOOL_LOOPS(int32_t)
TP_TO_BOOL_LOOPS(int64_t)
TP_TO_BOOL_LOOPS(float)
TP_TO_BOOL_LOOPS(double)
#undef TP_SAME_TYPE_LOOPS
#undef TP_TO_BOOL_LOOPS

}  // namespace tp::native
