// The autograd side of set_ / as_strided_ (autograd/shape/set_storage.cpp): in-place rules
// (check_inplace), one version bump, and as_strided_'s node AsStridedBackward1 (derivatives.yaml).
#pragma once
#include <optional>

#include "core/callable.h"
#include "core/tensor.h"

namespace tp {

// `change` applies one of the native::set_* kernels to self.
Tensor set_(const Tensor& self, const Callable<void()>& change);
Tensor as_strided_(const Tensor& self, const Shape& sizes, const Shape& strides, std::optional<int64_t> storage_offset);

}  // namespace tp
