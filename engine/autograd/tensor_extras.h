// Tensor.unflatten (a view), sum_to_size (ExpandUtils.h sum_to), masked_scatter / masked_scatter_
// (MaskedScatterBackward0) and is_nonzero: autograd/tensor_extras.cpp.
#pragma once
#include "autograd/functions.h"

namespace tp {

Tensor unflatten(const Tensor& self, int64_t dim, const Shape& sizes);  // ViewBackward0
Tensor sum_to_size(const Tensor& self, const Shape& size);
Tensor masked_scatter(const Tensor& self, const Tensor& mask, const Tensor& source);
Tensor masked_scatter_(const Tensor& self, const Tensor& mask, const Tensor& source);
bool is_nonzero(const Tensor& self);

}  // namespace tp
