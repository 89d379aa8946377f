// Differentiable clamp_min / clamp_max, round(decimals=N) and lerp, their in-place forms, and
// torch.unique (autograd/math/clamp_round_lerp.cpp, in-place forms in autograd/inplace.cpp).
#pragma once
#include "autograd/functions.h"
#include "ops/math/nonzero_unique.h"

namespace tp {

Tensor clamp_min(const Tensor& self, const Scalar& min);  // ClampMinBackward0
Tensor clamp_min(const Tensor& self, const Tensor& min);  // ClampMinBackward1
Tensor clamp_max(const Tensor& self, const Scalar& max);  // ClampMaxBackward0
Tensor clamp_max(const Tensor& self, const Tensor& max);  // ClampMaxBackward1
Tensor round_decimals(const Tensor& self, int64_t decimals);  // RoundBackward1 (round() is RoundBackward0)
Tensor lerp(const Tensor& self, const Tensor& end, const Scalar& weight);  // LerpBackward0
Tensor lerp(const Tensor& self, const Tensor& end, const Tensor& weight);  // LerpBackward1
// _unique2: values get Unique2Backward0, whose backward raises NotImplementedError as PyTorch's does.
native::UniqueResult unique(const Tensor& self);

Tensor clamp_min_(const Tensor& self, const Scalar& min);
Tensor clamp_min_(const Tensor& self, const Tensor& min);
Tensor clamp_max_(const Tensor& self, const Scalar& max);
Tensor clamp_max_(const Tensor& self, const Tensor& max);
Tensor round_decimals_(const Tensor& self, int64_t decimals);
Tensor lerp_(const Tensor& self, const Tensor& end, const Scalar& weight);
Tensor lerp_(const Tensor& self, const Tensor& end, const Tensor& weight);

}  // namespace tp
