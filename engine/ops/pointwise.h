// Private: the elementwise machinery shared by ops/math/binary.cpp, ops/math/unary.cpp and ops/inplace.cpp
// (PyTorch's TensorIterator reduced to what we need): broadcast, promote, convert inputs to the
// compute dtype, then evaluate an xtensor lambda expression into a fresh output.
#pragma once
#include <optional>
#include <vector>

#include "ops/iter.h"
#include "ops/native.h"
#include "ops/xt_view.h"

namespace tp::native {

// at::native::ResultTypeState: dimensioned tensors > 0-dim tensors > wrapped numbers, by category.
DType result_type_of(const std::vector<Tensor>& tensors);
// The same with Python numbers taking part as wrapped numbers (nothing is allocated).
DType result_type_with_scalars(const Tensor& t, const std::vector<Scalar>& scalars);

// Operands converted to the compute dtype and broadcast to the output shape.
struct Prepared {
  DType compute = DType::Float32;  // the dtype the kernel runs in (Note [Reduced floating point])
  DType result = DType::Float32;   // the dtype the op returns: finish() rounds `out` to it
  Tensor out;
  std::vector<Scratch> keep;
  std::vector<Geometry> in;
  Geometry out_geom;
  bool empty = false;
};
// Checks devices, broadcasts (TensorIterator's order and message), allocates the output.
// A float16 compute dtype runs in float32: inputs are rounded to half first (TensorIterator casts
// every operand to the common dtype), except input `opmath_scalar` when it is a 0-dim tensor, which
// add/sub/mul/div read at full precision (iter.original_scalar_value<opmath_t>).
// `fill`: kForOverwrite leaves the output's bytes as allocated (Note [Storage fill] in
// core/storage.h); only for an op that writes every element in every dtype it dispatches to.
Prepared prepare(const std::vector<Tensor>& inputs, DType compute, DType out_dtype, int opmath_scalar = -1,
                 StorageFill fill = StorageFill::kZeros);
// p.out in p.result's dtype (same strides): a float32 output of a float16 op rounded to half.
Tensor finish(const Prepared& p);

// Note [One loop per element type]: every pointwise op reaches xtensor through the two loops
// below, instantiated once per (input, output) element type in ops/pointwise_loops.cpp; the op
// itself is called through a pointer. Inlining each op into its own xtensor assignment made one
// ~4 KB loop per op x dtype: over half of the .wasm, for tensors that in lessons hold a handful
// of elements. The indirect call costs a few ns per element (web/scripts/bench-kernels.mjs: ~4 ms
// more per million float32 elements in WebAssembly; the .wasm went from 2.59 MB to 1.88 MB).
template <class R, class O>
struct UnaryFn {
  O (*call)(const void* op, R x);
  const void* op;
  O operator()(R x) const { return call(op, x); }
};
template <class R, class O>
struct BinaryFn {
  O (*call)(const void* op, R x, R y);
  const void* op;
  O operator()(R x, R y) const { return call(op, x, y); }
};
template <class R, class O>
void unary_loop(const Prepared& p, UnaryFn<R, O> f);
template <class R, class O>
void binary_loop(const Prepared& p, BinaryFn<R, O> f);

// out = f(in0) / f(in0, in1) elementwise with inputs viewed as R and the output as O.
template <class R, class O, class F>
void run_unary(const Prepared& p, const F& f) {
  if (p.empty) return;
  unary_loop<R, O>(p, {[](const void* op, R x) -> O { return (*static_cast<const F*>(op))(x); }, &f});
}
template <class R, class O, class F>
void run_binary(const Prepared& p, const F& f) {
  if (p.empty) return;
  binary_loop<R, O>(p, {[](const void* op, R x, R y) -> O { return (*static_cast<const F*>(op))(x, y); }, &f});
}

// Note [Flat walk] (ops/pointwise_loops.cpp): when the operands can be walked as flat arrays,
// their element steps (1, or 0 for a broadcast value) and the element count.
bool flat_steps(const Prepared& p, int64_t* steps, int64_t* n);

// run_binary with the op inlined into its loop (vectorisable, no indirect call per element) when
// the operands walk flat. Only for the few hottest float ops (add, sub, mul): each use is one more
// loop in the .wasm (Note [One loop per element type]). float32 exp has its own loop (Note
// [float32 exp] in ops/math/exp_float.cpp).
template <class T, class F>
void run_binary_inline(const Prepared& p, const F& f) {
  int64_t st[2], n = 0;
  if (p.empty || !flat_steps(p, st, &n)) return run_binary<T, T>(p, f);
  T* out = reinterpret_cast<T*>(p.out_geom.base) + p.out_geom.offset;
  const T* x = reinterpret_cast<const T*>(p.in[0].base) + p.in[0].offset;
  const T* y = reinterpret_cast<const T*>(p.in[1].base) + p.in[1].offset;
  if (st[0] == 1 && st[1] == 1)
    for (int64_t i = 0; i < n; ++i) out[i] = f(x[i], y[i]);
  else if (st[0] == 1 && st[1] == 0)  // x * 2.0: the number is a broadcast 0-dim tensor
    for (int64_t i = 0; i < n; ++i) out[i] = f(x[i], y[0]);
  else
    for (int64_t i = 0; i < n; ++i) out[i] = f(x[i * st[0]], y[i * st[1]]);
}

// Scalar -> element type (c10::Scalar::to<T>).
template <class T>
T scalar_as(const Scalar& s) {
  if constexpr (std::is_same_v<T, bool>) return s.to_bool();
  else if constexpr (std::is_floating_point_v<T>) return T(s.to_double());
  else return s.is_float() ? T(int64_t(s.to_double())) : T(s.to_int());
}

}  // namespace tp::native
