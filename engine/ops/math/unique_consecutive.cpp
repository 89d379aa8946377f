// torch.unique_consecutive (Unique.cpp unique_consecutive_cpu_template and
// _unique_dim_cpu_template with consecutive=true): runs of equal values (or equal slices along
// `dim`) collapse to one; NaN never equals NaN.
#include <string>

#include "core/error.h"
#include "ops/math/nonzero_unique.h"

namespace tp::native {

UniqueResult unique_consecutive(const Tensor& self, bool return_inverse, bool return_counts) {
  Tensor input = contiguous(self);
  const int64_t numel = input.numel();
  std::vector<int64_t> keep, counts;
  std::vector<int64_t> inverse(size_t(return_inverse ? numel : 0));
  for (int64_t i = 0; i < numel; ++i) {
    Scalar v = input.scalar_at(input.storage_offset() + i);
    bool differs = keep.empty() || !(v.to_double() == input.scalar_at(input.storage_offset() + keep.back()).to_double());
    if (v.is_int() && !keep.empty())
      differs = v.to_int() != input.scalar_at(input.storage_offset() + keep.back()).to_int();
    if (differs) {
      keep.push_back(i);
      counts.push_back(0);
    }
    ++counts.back();
    if (return_inverse) inverse[size_t(i)] = int64_t(keep.size()) - 1;
  }
  UniqueResult r;
  r.values = make_empty({int64_t(keep.size())}, self.dtype(), self.device());
  for (size_t k = 0; k < keep.size(); ++k) r.values.set_at(int64_t(k), input.scalar_at(input.storage_offset() + keep[k]));
  r.inverse = make_empty(return_inverse ? self.sizes() : Shape{0}, DType::Int64, self.device());
  for (size_t i = 0; i < inverse.size(); ++i) r.inverse.set_at(int64_t(i), Scalar::from_int(inverse[i]));
  r.counts = make_empty({return_counts ? int64_t(counts.size()) : 0}, DType::Int64, self.device());
  if (return_counts)
    for (size_t k = 0; k < counts.size(); ++k) r.counts.set_at(int64_t(k), Scalar::from_int(counts[k]));
  return r;
}

UniqueResult unique_dim_consecutive(const Tensor& self, int64_t dim, bool return_inverse, bool return_counts) {
  dim = wrap_dim(dim, self.dim());
  const int64_t n = self.size(dim);
  auto slice_at = [&](int64_t i) { return contiguous(select(self, dim, i)); };
  std::vector<int64_t> keep, counts, inverse;
  Tensor last;
  for (int64_t i = 0; i < n; ++i) {
    Tensor cur = slice_at(i);
    bool differs = keep.empty();
    for (int64_t k = 0; !differs && k < cur.numel(); ++k)
      differs = !(cur.scalar_at(cur.storage_offset() + k).to_double() == last.scalar_at(last.storage_offset() + k).to_double());
    if (differs) {
      keep.push_back(i);
      counts.push_back(0);
      last = cur;
    }
    ++counts.back();
    inverse.push_back(int64_t(keep.size()) - 1);
  }
  UniqueResult r;
  std::vector<Tensor> parts;
  for (int64_t k : keep) parts.push_back(narrow(self, dim, k, 1));
  if (parts.empty()) {
    r.values = contiguous(self);
  } else {
    r.values = cat(parts, dim);
  }
  r.inverse = make_empty({return_inverse ? n : 0}, DType::Int64, self.device());
  if (return_inverse)
    for (size_t i = 0; i < inverse.size(); ++i) r.inverse.set_at(int64_t(i), Scalar::from_int(inverse[i]));
  r.counts = make_empty({return_counts ? int64_t(counts.size()) : 0}, DType::Int64, self.device());
  if (return_counts)
    for (size_t k = 0; k < counts.size(); ++k) r.counts.set_at(int64_t(k), Scalar::from_int(counts[k]));
  return r;
}

}  // namespace tp::native
