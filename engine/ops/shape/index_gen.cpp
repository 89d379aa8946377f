// Index-producing ops that only count or enumerate: tril_indices / triu_indices
// (TensorFactories.cpp) and bincount (SummaryOps.cpp _bincount_cpu).
#include <string>

#include "core/error.h"
#include "ops/native.h"

namespace tp::native {

// Row-major coordinates (i, j) of the kept triangle: j - i <= offset (tril) or >= offset (triu).
Tensor tri_indices(int64_t row, int64_t col, int64_t offset, bool lower, DType dtype, Device device) {
  TP_CHECK(row >= 0, "row must be non-negative, got" + std::to_string(row));
  TP_CHECK(col >= 0, "col must be non-negative, got" + std::to_string(col));
  std::vector<Scalar> rows, cols;
  for (int64_t i = 0; i < row; ++i)
    for (int64_t j = 0; j < col; ++j)
      if (lower ? j - i <= offset : j - i >= offset) {
        rows.push_back(Scalar::from_int(i));
        cols.push_back(Scalar::from_int(j));
      }
  int64_t n = int64_t(rows.size());
  rows.insert(rows.end(), cols.begin(), cols.end());
  return from_scalars(rows, {2, n}, dtype, device);
}

// Integral 1-D non-negative input; int64 counts, or sums of weights (float32 weights stay float32,
// any other weight dtype is summed in float64).
Tensor bincount(const Tensor& self, const Tensor& weights, int64_t minlength) {
  TP_CHECK(is_integral(self.dtype(), /*include_bool=*/false), "\"bincount_cpu\" not implemented for '" + scalar_type_name(self.dtype()) + "'");
  TP_CHECK(minlength >= 0, "minlength should be >= 0");
  if (self.dim() == 1 && self.numel() == 0) return zeros({minlength}, DType::Int64, self.device());
  std::vector<int64_t> v;
  for (int64_t k = 0; k < self.numel(); ++k) v.push_back(self.int_at(self.storage_index_of(k)));
  int64_t mx = -1, mn = 0;
  for (int64_t x : v) { mx = std::max(mx, x); mn = std::min(mn, x); }
  TP_CHECK(self.dim() == 1 && mn >= 0, "bincount only supports 1-d non-negative integral inputs.");
  const bool has_w = weights.defined();
  TP_CHECK(!has_w || (weights.dim() == 1 && weights.sizes()[0] == self.sizes()[0]),
           "weights should be 1-d and have the same length as input");
  int64_t nbins = std::max(mx + 1, minlength);
  std::vector<double> acc(size_t(nbins), 0.0);
  DType out = !has_w ? DType::Int64 : weights.dtype() == DType::Float32 ? DType::Float32 : DType::Float64;
  for (size_t k = 0; k < v.size(); ++k) {
    double w = has_w ? weights.double_at(weights.storage_index_of(int64_t(k))) : 1.0;
    double& a = acc[size_t(v[k])];
    a = out == DType::Float32 ? double(float(a) + float(w)) : a + w;  // float32 weights accumulate in float
  }
  std::vector<Scalar> s;
  for (double a : acc) s.push_back(out == DType::Int64 ? Scalar::from_int(int64_t(a)) : Scalar::from_double(a));
  return from_scalars(s, {nbins}, out, self.device());
}

}  // namespace tp::native
