// Matrices built from vectors / blocks (autograd/shape/matrix_builders.cpp): diag_embed (DiagEmbedBackward0),
// diagflat (a flattened diag), block_diag (BlockDiagBackward0) and vander (CompositeImplicit: in-place
// copies into slices, CopySlices, then FlipBackward0 unless increasing).
#pragma once
#include <optional>
#include <vector>

#include "autograd/functions.h"

namespace tp {

Tensor diag_embed(const Tensor& self, int64_t offset, int64_t dim1, int64_t dim2);
Tensor diagflat(const Tensor& self, int64_t offset);
Tensor block_diag(const std::vector<Tensor>& tensors);
Tensor vander(const Tensor& x, std::optional<int64_t> N, bool increasing);

}  // namespace tp
