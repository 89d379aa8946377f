// The xtensor loops behind run_unary/run_binary, one per element-type pair
// (Note [One loop per element type] in ops/pointwise.h).
#include <cstdint>
#include <utility>

#include "ops/pointwise.h"

namespace tp::native {

template <class R, class O>
void unary_loop(const Prepared& p, UnaryFn<R, O> f) {
  auto ov = xt_strided<O>(p.out_geom);
  xt::noalias(ov) = xt::make_lambda_xfunction(std::move(f), xt_strided<R>(p.in[0]));
}

template <class R, class O>
void binary_loop(const Prepared& p, BinaryFn<R, O> f) {
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
