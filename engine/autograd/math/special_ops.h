// logit (LogitBackward0), heaviside (no derivative) and isin (bool): autograd/math/special_ops.cpp.
#pragma once
#include <optional>

#include "autograd/functions.h"

namespace tp {

Tensor logit(const Tensor& self, std::optional<double> eps);
Tensor logit_(const Tensor& self, std::optional<double> eps);
Tensor heaviside(const Tensor& self, const Tensor& values);
Tensor isin(const Tensor& elements, const Tensor& test_elements, bool invert);

}  // namespace tp
