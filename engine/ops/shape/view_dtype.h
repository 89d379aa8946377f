// Tensor.view(dtype) (aten/src/ATen/native/TensorConversions.cpp view_dtype).
#pragma once
#include "core/tensor.h"

namespace tp::native {

// The same bytes read as `dtype`: same storage and version counter; when the element sizes differ
// the last dimension (stride 1) is split or merged, with ATen's checks and messages.
Tensor view_dtype(const Tensor& self, DType dtype);

}  // namespace tp::native
