// Private helpers shared by the ops/*.cpp kernels (not part of the public kernel API).
#pragma once
#include <string>

#include "core/tensor.h"

namespace tp::native {

// A view of `self` with new geometry: same storage and version counter, base = root base.
Tensor make_view(const Tensor& self, Shape sizes, Shape strides, int64_t storage_offset);
// Tensor::toString() as Python shows it: "torch.FloatTensor", "torch.cuda.LongTensor".
std::string legacy_tensor_type(const Tensor& t);

}  // namespace tp::native
