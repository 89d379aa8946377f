// torch.quantile / nanquantile as Sorting.cpp composes them (sort, gather, lerp_ and in-place view
// ops, so the grad_fn is SqueezeBackward4): autograd/math/quantile.cpp.
#pragma once
#include <optional>
#include <string>

#include "autograd/functions.h"

namespace tp {

// q: a 0-dim or 1-D tensor of self's dtype; interpolation: linear | lower | higher | midpoint | nearest.
Tensor quantile(const Tensor& self, const Tensor& q, std::optional<int64_t> dim, bool keepdim,
                const std::string& interpolation, bool ignore_nan);

}  // namespace tp
