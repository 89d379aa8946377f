// nansum (NansumBackward0), nanmean, dist (DistBackward0, in autograd/math/moments_norms.cpp) and the
// trapezoid rules (Integration.cpp compositions), cov / corrcoef. autograd/math/statistics.cpp.
#pragma once
#include <vector>

#include "autograd/functions.h"

namespace tp {

Tensor nansum(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim, OptDType dtype);
Tensor nanmean(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim, OptDType dtype);
Tensor dist(const Tensor& self, const Tensor& other, double p);
// trapezoid / trapz / cumulative_trapezoid with sample points x, or a constant spacing dx.
Tensor trapezoid(const Tensor& y, const Tensor& x, int64_t dim);
Tensor trapezoid(const Tensor& y, const Scalar& dx, int64_t dim);
Tensor cumulative_trapezoid(const Tensor& y, const Tensor& x, int64_t dim);
Tensor cumulative_trapezoid(const Tensor& y, const Scalar& dx, int64_t dim);

// Correlation.cpp: cov(correction=, fweights=, aweights=) (weights may be undefined) and corrcoef.
Tensor cov(const Tensor& self, int64_t correction, const Tensor& fweights, const Tensor& aweights);
Tensor corrcoef(const Tensor& self);

}  // namespace tp
