// searchsorted / bucketize (Bucketization.cpp, BucketizationUtils.h): a binary search per input
// element in its row of the boundaries, comparing in the two tensors' common dtype. No gradient.
#include <optional>
#include <string>

#include "core/error.h"
#include "ops/native.h"
#include "ops/pointwise.h"

namespace tp::native {

namespace {

// cus_lower_bound / cus_upper_bound: `!(mid >= val)` / `!(mid > val)` moves right (so a NaN value
// lands at the end of the row).
template <class T>
int64_t bound(const std::vector<T>& bd, int64_t start, int64_t end, T val, bool right, const std::vector<int64_t>& sort) {
  const int64_t orig = start;
  while (start < end) {
    const int64_t mid = start + ((end - start) >> 1);
    const T m = sort.empty() ? bd[size_t(mid)] : bd[size_t(sort[size_t(mid)] + orig)];
    if (right ? !(m > val) : !(m >= val)) start = mid + 1;
    else end = mid;
  }
  return start;
}

bool dims_match_before_last(const Tensor& bd, const Tensor& in) {
  if (bd.dim() != in.dim()) return false;
  for (int64_t d = 0; d + 1 < bd.dim(); ++d)
    if (bd.size(d) != in.size(d)) return false;
  return true;
}

template <class T, class Get>
std::vector<T> flat_values(const Tensor& t, Get get) {
  std::vector<T> v;
  for (int64_t k = 0; k < t.numel(); ++k) v.push_back(get(t, t.storage_index_of(k)));
  return v;
}

}  // namespace

Tensor searchsorted(const Tensor& boundaries, const Tensor& input, bool out_int32, bool right,
                    const std::optional<std::string>& side, const Tensor& sorter) {
  if (side) {
    TP_CHECK(*side == "left" || *side == "right", "torch.searchsorted(): side can only be 'left' or 'right' but got " + *side);
    TP_CHECK(!right || *side == "right", "torch.searchsorted(): side and right can't be set to opposites, got side of " +
                                             *side + " while right was True");
  }
  TP_CHECK(boundaries.device() == input.device(),
           "torch.searchsorted(): boundaries and input value tensors should have same device type, but got boundaries "
           "tensor device type " + boundaries.device().str() + " and input value tensor device type " + input.device().str());
  std::vector<int64_t> sort;
  if (sorter.defined()) {
    TP_CHECK(sorter.device() == boundaries.device(),
             "torch.searchsorted(): sorter and boundary tensors should have same device type, but got sorter tensor "
             "device type " + sorter.device().str() + " and input value tensor device type " + boundaries.device().str());
    TP_CHECK(sorter.sizes() == boundaries.sizes(), "torch.searchsorted(): boundary and sorter must have the same size, "
                                                   "but got boundary tensor " + shape_str(boundaries.sizes()) +
                                                       "and got sorter tensor " + shape_str(sorter.sizes()));
    TP_CHECK(sorter.dtype() == DType::Int64, "torch.searchsorted(): sorter must be a tensor of long dtype but got dtype " +
                                                 scalar_type_name(sorter.dtype()));
    sort = flat_values<int64_t>(sorter, [](const Tensor& t, int64_t i) { return t.int_at(i); });
    const int64_t inner = sorter.dim() == 0 ? 1 : sorter.sizes().back();
    for (int64_t s : sort) TP_CHECK(s < inner, "torch.searchsorted(): sorter index out of range");
    for (int64_t s : sort) TP_CHECK(s >= 0, "torch.searchsorted(): sorter index out of range");
  }
  TP_CHECK(input.dim() > 0 || (input.numel() == 1 && boundaries.dim() == 1),
           "torch.searchsorted(): input value can be a scalar only when boundaries tensor dimension is 1, but we got "
           "boundaries tensor dim(" + std::to_string(boundaries.dim()) + ") and input value's dim(" +
               std::to_string(input.dim()) + ") numel(" + std::to_string(input.numel()) + ")");
  TP_CHECK(boundaries.dim() != 0, "torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 dimension");
  TP_CHECK(boundaries.dim() == 1 || dims_match_before_last(boundaries, input),
           "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries "
           "tensor and input value tensor must match, but we got boundaries tensor " + shape_str(boundaries.sizes()) +
               " and input value tensor " + shape_str(input.sizes()));
  const bool is_right = side ? *side == "right" : right;
  const DType out_dt = out_int32 ? DType::Int32 : DType::Int64;
  DType common = result_type_of({boundaries, input});
  TP_CHECK(common != DType::Bool, "\"searchsorted_out_cpu\" not implemented for 'Bool'");
  Tensor in = input.dtype() == common ? input : to(input, common, input.device(), false);
  Tensor bd = boundaries.dtype() == common ? boundaries : to(boundaries, common, boundaries.device(), false);
  const int64_t n = in.numel(), idim_in = in.dim() == 0 ? 1 : in.sizes().back(), idim_bd = bd.sizes().back();
  std::vector<Scalar> out;
  auto run = [&](auto tag, auto get) {
    using T = decltype(tag);
    std::vector<T> bv = flat_values<T>(bd, get), iv = flat_values<T>(in, get);
    for (int64_t i = 0; i < n; ++i) {
      const int64_t start = bd.dim() == 1 ? 0 : i / idim_in * idim_bd;
      out.push_back(Scalar::from_int(bound<T>(bv, start, start + idim_bd, iv[size_t(i)], is_right, sort) - start));
    }
  };
  if (is_floating(common)) run(double(), [](const Tensor& t, int64_t i) { return t.double_at(i); });
  else run(int64_t(), [](const Tensor& t, int64_t i) { return t.int_at(i); });
  return from_scalars(out, input.sizes(), out_dt, input.device());
}

Tensor bucketize(const Tensor& input, const Tensor& boundaries, bool out_int32, bool right) {
  TP_CHECK(boundaries.dim() == 1, "boundaries tensor must be 1 dimension, but got dim(" + std::to_string(boundaries.dim()) + ")");
  return searchsorted(boundaries, input, out_int32, right, std::nullopt, Tensor());
}

}  // namespace tp::native
