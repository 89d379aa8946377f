// Data-dependent selections with int64 results (ops/math/nonzero_unique.cpp).
#pragma once
#include <vector>

#include "ops/native.h"

namespace tp::native {

Tensor nonzero(const Tensor& a);                    // (n, ndim) int64 positions, row-major order
std::vector<Tensor> nonzero_tuple(const Tensor& a);  // nonzero(as_tuple=True): views of the columns
Tensor count_nonzero(const Tensor& a, const std::vector<int64_t>& dims);  // dims empty = all; int64

// torch.unique(dim=None): sorted values (NaNs last, never merged), inverse (input's shape) and counts.
struct UniqueResult {
  Tensor values, inverse, counts;
};
UniqueResult unique(const Tensor& a);
// torch.unique_consecutive without / with dim: inverse and counts are empty ({0}) unless asked for.
UniqueResult unique_consecutive(const Tensor& a, bool return_inverse, bool return_counts);
UniqueResult unique_dim_consecutive(const Tensor& a, int64_t dim, bool return_inverse, bool return_counts);

// F.one_hot: int64 input, num_classes -1 = max + 1; an int64 result with one more dim.
Tensor one_hot(const Tensor& a, int64_t num_classes);

}  // namespace tp::native
