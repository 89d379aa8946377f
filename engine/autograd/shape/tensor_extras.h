// Tensor.unflatten (a view), sum_to_size (ExpandUtils.h sum_to), masked_scatter / masked_scatter_
// (MaskedScatterBackward0), is_nonzero and unique_consecutive: autograd/shape/tensor_extras.cpp.
#pragma once
#include <optional>

#include "autograd/functions.h"
#include "ops/math/nonzero_unique.h"

namespace tp {

Tensor unflatten(const Tensor& self, int64_t dim, const Shape& sizes);  // ViewBackward0
Tensor sum_to_size(const Tensor& self, const Shape& size);
Tensor masked_scatter(const Tensor& self, const Tensor& mask, const Tensor& source);
Tensor masked_scatter_(const Tensor& self, const Tensor& mask, const Tensor& source);
bool is_nonzero(const Tensor& self);
// unique_consecutive (dim None or given): values get UniqueConsecutiveBackward0, which refuses as
// PyTorch's not_implemented("unique_consecutive") does.
native::UniqueResult unique_consecutive(const Tensor& self, bool return_inverse, bool return_counts,
                                        std::optional<int64_t> dim);

}  // namespace tp
