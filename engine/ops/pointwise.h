// Private: the elementwise machinery shared by ops/binary.cpp, ops/unary.cpp and ops/inplace.cpp
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
  Tensor out;
  std::vector<Scratch> keep;
  std::vector<Geometry> in;
  Geometry out_geom;
  bool empty = false;
};
// Checks devices, broadcasts (TensorIterator's order and message), allocates the output.
Prepared prepare(const std::vector<Tensor>& inputs, DType compute, DType out_dtype);

// out = f(in0, ...) elementwise with inputs viewed as R and the output as O.
template <class R, class O, class F>
void run_unary(const Prepared& p, F f) {
  if (p.empty) return;
  auto ov = xt_strided<O>(p.out_geom);
  xt::noalias(ov) = xt::make_lambda_xfunction(std::move(f), xt_strided<R>(p.in[0]));
}
template <class R, class O, class F>
void run_binary(const Prepared& p, F f) {
  if (p.empty) return;
  auto ov = xt_strided<O>(p.out_geom);
  xt::noalias(ov) = xt::make_lambda_xfunction(std::move(f), xt_strided<R>(p.in[0]), xt_strided<R>(p.in[1]));
}

// Scalar -> element type (c10::Scalar::to<T>).
template <class T>
T scalar_as(const Scalar& s) {
  if constexpr (std::is_same_v<T, bool>) return s.to_bool();
  else if constexpr (std::is_floating_point_v<T>) return T(s.to_double());
  else return s.is_float() ? T(int64_t(s.to_double())) : T(s.to_int());
}

}  // namespace tp::native
