// round(decimals=N) and lerp kernels (ops/math/clamp_round_lerp.cpp); autograd/math/clamp_round_lerp.h records them.
#pragma once
#include "ops/native.h"

namespace tp::native {

Tensor round_decimals(const Tensor& a, int64_t decimals);  // floating only ("round_cpu" not implemented ...)
// self + weight * (end - self); self and end must share a dtype ("expected dtype float for `end` ...").
Tensor lerp(const Tensor& self, const Tensor& end, const Scalar& weight);
Tensor lerp(const Tensor& self, const Tensor& end, const Tensor& weight);  // weight shares the dtype too

}  // namespace tp::native
