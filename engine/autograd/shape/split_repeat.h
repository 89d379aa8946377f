// tensor_split and repeat_interleave: composites of slice / expand+clone+flatten / index_select
// (TensorShape.cpp, Repeat.cpp), so their grad_fns are those of the primitives they call.
#pragma once
#include <optional>
#include <vector>

#include "core/tensor.h"

namespace tp {

std::vector<Tensor> tensor_split(const Tensor& self, int64_t sections, int64_t dim);  // SliceBackward0 each
std::vector<Tensor> tensor_split_indices(const Tensor& self, const std::vector<int64_t>& indices, int64_t dim);
// tensor_split.tensor_indices_or_sections: a 0-dim int64 tensor is `sections`, a 1-D one the indices.
std::vector<Tensor> tensor_split(const Tensor& self, const Tensor& indices_or_sections, int64_t dim);

// repeat_interleave.self_int: unsqueeze/expand/clone/flatten (a view of the clone: ViewBackward0).
Tensor repeat_interleave(const Tensor& self, int64_t repeats, std::optional<int64_t> dim,
                         std::optional<int64_t> output_size);
// repeat_interleave.self_Tensor: index_select with the indices below (IndexSelectBackward0).
Tensor repeat_interleave(const Tensor& self, const Tensor& repeats, std::optional<int64_t> dim,
                         std::optional<int64_t> output_size);
// repeat_interleave.Tensor: index i repeated repeats[i] times, in repeats' dtype.
Tensor repeat_interleave_indices(const Tensor& repeats, std::optional<int64_t> output_size);

}  // namespace tp
