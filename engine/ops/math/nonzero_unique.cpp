// Data-dependent selections with int64 results: nonzero (TensorAdvancedIndexing.cpp), count_nonzero,
// unique without dim (Unique.cpp: the CPU kernel always sorts) and one_hot (Onehot.cpp). Each reads
// its input through a contiguous copy in row-major order.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "core/error.h"
#include "ops/math/nonzero_unique.h"

namespace tp::native {

// Row-major positions of the nonzero elements as an (n, ndim) int64 tensor.
Tensor nonzero(const Tensor& a) {
  Tensor src = contiguous(a);
  std::vector<int64_t> flat;
  TP_DISPATCH(a.dtype(), T, {
    const T* in = reinterpret_cast<const T*>(src.raw(src.storage_offset()));
    for (int64_t i = 0; i < a.numel(); ++i)
      if (in[i] != T(0)) flat.push_back(i);
  });
  int64_t n = int64_t(flat.size()), nd = a.dim();
  Tensor out = make_empty({n, nd}, DType::Int64, a.device());
  auto* o = reinterpret_cast<int64_t*>(out.raw(0));
  for (int64_t r = 0; r < n; ++r) {
    int64_t rest = flat[size_t(r)];
    for (int64_t d = nd - 1; d >= 0; --d) {
      int64_t size = a.sizes()[size_t(d)];
      o[r * nd + d] = rest % size;
      rest /= size;
    }
  }
  return out;
}

// nonzero(as_tuple=True) (nonzero_numpy): one index tensor per dim, views of nonzero's columns; a
// 0-dim input counts as 1-D.
std::vector<Tensor> nonzero_tuple(const Tensor& a) {
  return unbind(nonzero(a.dim() == 0 ? unsqueeze(a, 0) : a), 1);
}

Tensor count_nonzero(const Tensor& a, const std::vector<int64_t>& dims) {
  return sum(compare(a, wrap_scalar(Scalar::from_int(0)), CompareOp::Ne), dims, false, std::nullopt);
}

namespace {
// NaN sorts last and is never equal to anything, itself included (IsUnique<equal_nan=false>).
template <class T>
bool sorts_before(T x, T y) {
  if constexpr (std::is_floating_point_v<T>) return (!std::isnan(x) && std::isnan(y)) || x < y;
  else return x < y;
}
}  // namespace

UniqueResult unique(const Tensor& a) {
  Tensor src = contiguous(a);
  int64_t n = a.numel();
  std::vector<int64_t> order(static_cast<size_t>(n)), inverse(static_cast<size_t>(n));
  std::vector<int64_t> counts;
  Tensor values;
  TP_DISPATCH(a.dtype(), T, {
    const T* in = reinterpret_cast<const T*>(src.raw(src.storage_offset()));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [in](int64_t x, int64_t y) { return sorts_before(in[x], in[y]); });
    std::vector<T> uniq;
    for (int64_t k = 0; k < n; ++k) {
      T v = in[order[size_t(k)]];
      if (uniq.empty() || !(uniq.back() == v)) {
        uniq.push_back(v);
        counts.push_back(0);
      }
      counts.back() += 1;
      inverse[size_t(order[size_t(k)])] = int64_t(uniq.size()) - 1;
    }
    values = make_empty({int64_t(uniq.size())}, a.dtype(), a.device());
    std::copy(uniq.begin(), uniq.end(), reinterpret_cast<T*>(values.raw(0)));
  });
  UniqueResult r;
  r.values = values;
  r.inverse = make_empty(a.sizes(), DType::Int64, a.device());
  std::copy(inverse.begin(), inverse.end(), reinterpret_cast<int64_t*>(r.inverse.raw(0)));
  r.counts = make_empty({int64_t(counts.size())}, DType::Int64, a.device());
  std::copy(counts.begin(), counts.end(), reinterpret_cast<int64_t*>(r.counts.raw(0)));
  return r;
}

Tensor one_hot(const Tensor& a, int64_t num_classes) {
  TP_CHECK(a.dtype() == DType::Int64, "one_hot is only applicable to index tensor of type LongTensor.");
  Shape shape = a.sizes();
  if (a.numel() == 0) {
    TP_CHECK(num_classes > 0, "Can not infer total number of classes from empty tensor.");
    shape.push_back(num_classes);
    return zeros(shape, DType::Int64, a.device());
  }
  Tensor src = contiguous(a);
  const int64_t* in = reinterpret_cast<const int64_t*>(src.raw(src.storage_offset()));
  auto [lo, hi] = std::minmax_element(in, in + a.numel());
  TP_CHECK(*lo >= 0, "Class values must be non-negative.");
  if (num_classes == -1) num_classes = *hi + 1;
  else TP_CHECK(num_classes > *hi, "Class values must be smaller than num_classes.");
  shape.push_back(num_classes);
  Tensor out = zeros(shape, DType::Int64, a.device());
  auto* o = reinterpret_cast<int64_t*>(out.raw(0));
  for (int64_t i = 0; i < a.numel(); ++i) o[i * num_classes + in[i]] = 1;
  return out;
}

}  // namespace tp::native
