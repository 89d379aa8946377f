// Differentiable atan2, hypot, fmax/fmin, nan_to_num, addcmul/addcdiv and the (non-differentiable)
// logical_and/or/xor (autograd/math/binary_math.cpp; in-place forms in autograd/inplace.cpp).
#pragma once
#include "autograd/functions.h"

namespace tp {

using native::LogicalOp;

Tensor atan2(const Tensor& self, const Tensor& other);  // Atan2Backward0
Tensor hypot(const Tensor& self, const Tensor& other);  // HypotBackward0
Tensor fmax(const Tensor& self, const Tensor& other);   // FmaxBackward0
Tensor fmin(const Tensor& self, const Tensor& other);   // FminBackward0
Tensor logical(const Tensor& self, const Tensor& other, LogicalOp op);  // bool: no history
Tensor nan_to_num(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                  std::optional<double> neginf);  // NanToNumBackward0
Tensor addcmul(const Tensor& self, const Tensor& t1, const Tensor& t2, const Scalar& value);  // AddcmulBackward0
Tensor addcdiv(const Tensor& self, const Tensor& t1, const Tensor& t2, const Scalar& value);  // AddcdivBackward0

// linalg_cross (LinalgCrossBackward0): inputs of equal rank, size 3 along `dim`, batch dims broadcast.
Tensor linalg_cross(const Tensor& self, const Tensor& other, int64_t dim);

Tensor atan2_(const Tensor& self, const Tensor& other);
Tensor hypot_(const Tensor& self, const Tensor& other);
Tensor logical_(const Tensor& self, const Tensor& other, LogicalOp op);  // keeps self's dtype
Tensor nan_to_num_(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                   std::optional<double> neginf);
Tensor addcmul_(const Tensor& self, const Tensor& t1, const Tensor& t2, const Scalar& value);
Tensor addcdiv_(const Tensor& self, const Tensor& t1, const Tensor& t2, const Scalar& value);

}  // namespace tp
