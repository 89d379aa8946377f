// Float classification and closeness (ops/math/float_class.cpp): bool results, never differentiable.
#pragma once
#include "ops/native.h"

namespace tp::native {

Tensor isnan(const Tensor& a);     // integers and bools: all false
Tensor isinf(const Tensor& a);
Tensor isposinf(const Tensor& a);
Tensor isneginf(const Tensor& a);
Tensor isfinite(const Tensor& a);  // integers and bools: all true
// torch.isclose: same dtypes required ("Float did not match Double"), rtol/atol >= 0.
Tensor isclose(const Tensor& a, const Tensor& b, double rtol, double atol, bool equal_nan);

}  // namespace tp::native
