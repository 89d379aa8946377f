// Tensor.set_ (all overloads), is_set_to and as_strided_ kernels (aten/src/ATen/native/TensorShape.cpp
// set_*, Resize.h checkSetStorage / setStrided). Every new geometry goes through set_geometry
// (Note [Changing a tensor's geometry]); none of these bumps the version (the autograd layer does).
#pragma once
#include <optional>

#include "core/tensor.h"

namespace tp::native {

// set_(): a fresh empty storage on self's device, sizes [0].
void set_empty_(const Tensor& self);
// set_(storage, offset, size, stride): checkSetStorage, then resize_impl_cpu_: when the geometry
// changes the storage grows to hold it; when it does not, the offset is checked in bounds.
// `strides` nullopt = contiguous (set_(storage) passes none).
void set_storage_(const Tensor& self, const StoragePtr& storage, int64_t storage_offset, const Shape& sizes,
                  const std::optional<Shape>& strides);
// set_(storage): the whole storage as a 1-D tensor of self's dtype.
void set_storage_(const Tensor& self, const StoragePtr& storage);
// set_(source): source's storage, offset, sizes and strides (nothing when self is source).
void set_tensor_(const Tensor& self, const Tensor& source);
// Same storage, offset and geometry.
bool is_set_to(const Tensor& self, const Tensor& other);
// as_strided_: setStrided (bounds-checked against self's own storage).
void as_strided_(const Tensor& self, const Shape& sizes, const Shape& strides, std::optional<int64_t> storage_offset);

}  // namespace tp::native
