// Private: dimension handling shared by the reduction kernels (ops/math/reductions.cpp, ops/math/reductions_minmax.cpp).
#pragma once
#include <vector>

#include "core/tensor.h"

namespace tp::native {

// Which dims of `self` a reduction over `dims` covers (empty = all), after wrapping; duplicated
// dims raise PyTorch's "dim 0 appears multiple times in the list of dims".
std::vector<bool> reduction_mask(const Tensor& self, const std::vector<int64_t>& dims);
// The result's sizes: reduced dims become 1 (keepdim) or disappear.
Shape reduced_shape(const Shape& sizes, const std::vector<bool>& mask, bool keepdim);
// Storage offsets (relative) of every element of the reduced dims, row-major, and of every output
// position over the kept dims, row-major: together they enumerate self.
std::vector<int64_t> offsets_over(const Tensor& self, const std::vector<bool>& mask, bool reduced);

}  // namespace tp::native
