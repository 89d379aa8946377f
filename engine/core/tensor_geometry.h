// Note [Changing a tensor's geometry]: set_, as_strided_ and friends give an EXISTING tensor a new
// storage / sizes / strides / offset. They pass exactly the checks make_tensor applies (Note [One
// checking constructor]: non-negative sizes, strides and offset, overflow-safe bounds against the
// storage) before anything is written, so a refused change leaves the tensor as it was.
#pragma once
#include "core/tensor.h"

namespace tp {

// Raises PyTorch's message for the first rule the geometry breaks (setStorage / checkInBoundsForStorage).
void check_geometry(const Storage& storage, const Shape& sizes, const Shape& strides, int64_t storage_offset,
                    DType dtype);
// check_geometry, then points `t` at it (its dtype, version counter and autograd metadata stay).
void set_geometry(const Tensor& t, StoragePtr storage, Shape sizes, Shape strides, int64_t storage_offset);

}  // namespace tp
