// cummax / cummin (CummaxBackward0 / CumminBackward0) and logcumsumexp (LogcumsumexpBackward0),
// autograd/math/cummax_logcumsumexp.cpp; kernels in ops/math/cummax_logcumsumexp.cpp.
#pragma once
#include <utility>

#include "autograd/functions.h"

namespace tp {

std::pair<Tensor, Tensor> cummax(const Tensor& self, int64_t dim);  // (values, indices)
std::pair<Tensor, Tensor> cummin(const Tensor& self, int64_t dim);
Tensor logcumsumexp(const Tensor& self, int64_t dim);

}  // namespace tp
