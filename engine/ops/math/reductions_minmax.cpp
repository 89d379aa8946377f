// amax/amin, max/min (all and along a dim, with indices) and argmax/argmin. NaN wins like in
// PyTorch; ties keep the FIRST index. Empty inputs raise ReduceOps.cpp's messages.
#include <cmath>
#include <string>

#include "core/error.h"
#include "ops/iter.h"
#include "ops/native.h"
#include "ops/math/reduce_util.h"

namespace tp::native {

namespace {

// zero_numel_check_dims (ReduceOpsUtils.h).
void check_nonempty_dim(const Tensor& self, int64_t dim, const std::string& fn) {
  if (self.dim() == 0) {
    TP_CHECK_INDEX(dim == 0 || dim == -1,
                   fn + ": Expected reduction dim -1 or 0 for scalar but got " + std::to_string(dim));
  } else {
    TP_CHECK_INDEX(self.size(dim) != 0, fn + ": Expected reduction dim " + std::to_string(wrap_dim(dim, self.dim())) +
                                            " to have non-zero size.");
  }
}

// True when (v, i) should replace the current best (b, bi): NaN first, then strictly better,
// ties keep the earlier index (greater_or_nan / less_or_nan in SharedReduceOps.h).
template <class T>
bool better(T v, T b, bool is_max) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(b)) return false;
    if (std::isnan(v)) return true;
  }
  return is_max ? v > b : v < b;
}

// Reduces `mask` dims of a; writes values (dtype of a) and/or flat indices within the reduced block.
void extreme(const Tensor& a, const std::vector<bool>& mask, bool is_max, const Tensor* values, const Tensor* indices) {
  std::vector<int64_t> inner = offsets_over(a, mask, true), outer = offsets_over(a, mask, false);
  dispatch_type(a.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* base = reinterpret_cast<const T*>(a.raw(a.storage_offset()));
    for (size_t k = 0; k < outer.size(); ++k) {
      T best = base[outer[k] + inner[0]];
      int64_t bi = 0;
      for (size_t r = 1; r < inner.size(); ++r) {
        T v = base[outer[k] + inner[r]];
        if (better(v, best, is_max)) {
          best = v;
          bi = int64_t(r);
        }
      }
      if (values) reinterpret_cast<T*>(values->raw(0))[k] = best;
      if (indices) reinterpret_cast<int64_t*>(indices->raw(0))[k] = bi;
    }
  });
}

// float16 (Note [Reduced floating point]): comparisons of the exact float values pick the same
// element; the values come back as halves unchanged.
Tensor as_float(const Tensor& a) { return to(a, DType::Float32, a.device(), false); }
Tensor as_half(const Tensor& a) { return to(a, DType::Float16, a.device(), false); }

Tensor amax_amin(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim, bool is_max) {
  if (is_reduced_floating(a.dtype())) return as_half(amax_amin(as_float(a), dims, keepdim, is_max));
  const std::string fn = is_max ? "amax()" : "amin()";
  std::vector<bool> mask = reduction_mask(a, dims);
  if (a.numel() == 0) {
    TP_CHECK_INDEX(!dims.empty(), fn + ": Expected reduction dim to be specified for input.numel() == 0. Specify the "
                                       "reduction dim with the 'dim' argument.");
    for (int64_t d : dims) check_nonempty_dim(a, d, fn);
  }
  Tensor out = make_empty(reduced_shape(a.sizes(), mask, keepdim), a.dtype(), a.device());
  if (out.numel() > 0) extreme(a, mask, is_max, &out, nullptr);
  return out;
}

Tensor all_extreme(const Tensor& a, bool is_max) {
  if (is_reduced_floating(a.dtype())) return as_half(all_extreme(as_float(a), is_max));
  TP_CHECK(a.numel() > 0, std::string(is_max ? "max()" : "min()") +
                              ": Expected reduction dim to be specified for input.numel() == 0. Specify the reduction "
                              "dim with the 'dim' argument.");
  Tensor out = make_empty({}, a.dtype(), a.device());
  extreme(a, std::vector<bool>(size_t(a.dim()), true), is_max, &out, nullptr);
  return out;
}

std::pair<Tensor, Tensor> dim_extreme(const Tensor& a, int64_t dim, bool keepdim, bool is_max) {
  if (is_reduced_floating(a.dtype())) {
    auto r = dim_extreme(as_float(a), dim, keepdim, is_max);
    return {as_half(r.first), r.second};
  }
  int64_t d = wrap_dim(dim, a.dim());
  if (a.numel() == 0) check_nonempty_dim(a, dim, is_max ? "max()" : "min()");
  std::vector<bool> mask(size_t(a.dim()), false);
  if (a.dim() > 0) mask[size_t(d)] = true;
  Shape shape = reduced_shape(a.sizes(), mask, keepdim);
  Tensor values = make_empty(shape, a.dtype(), a.device());
  Tensor indices = make_empty(shape, DType::Int64, a.device());
  if (values.numel() > 0) extreme(a, mask, is_max, &values, &indices);
  return {values, indices};
}

Tensor arg_extreme(const Tensor& a, std::optional<int64_t> dim, bool keepdim, bool is_max) {
  const std::string fn = is_max ? "argmax()" : "argmin()";
  if (is_reduced_floating(a.dtype())) return arg_extreme(as_float(a), dim, keepdim, is_max);
  if (dim) {
    wrap_dim(*dim, a.dim());
    if (a.numel() == 0) check_nonempty_dim(a, *dim, fn);
    return dim_extreme(a, *dim, keepdim, is_max).second;
  }
  TP_CHECK_INDEX(a.numel() != 0, fn + ": Expected reduction dim to be specified for input.numel() == 0.");
  // No dim: the index into the flattened (row-major) tensor; keepdim keeps all dims as size 1.
  Tensor idx = make_empty(keepdim ? Shape(size_t(a.dim()), 1) : Shape{}, DType::Int64, a.device());
  extreme(a, std::vector<bool>(size_t(a.dim()), true), is_max, nullptr, &idx);
  return idx;
}

}  // namespace

Tensor amax(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim) { return amax_amin(a, dims, keepdim, true); }
Tensor amin(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim) { return amax_amin(a, dims, keepdim, false); }
Tensor max_all(const Tensor& a) { return all_extreme(a, true); }
Tensor min_all(const Tensor& a) { return all_extreme(a, false); }
std::pair<Tensor, Tensor> max_dim(const Tensor& a, int64_t dim, bool keepdim) { return dim_extreme(a, dim, keepdim, true); }
std::pair<Tensor, Tensor> min_dim(const Tensor& a, int64_t dim, bool keepdim) { return dim_extreme(a, dim, keepdim, false); }
Tensor argmax(const Tensor& a, std::optional<int64_t> dim, bool keepdim) { return arg_extreme(a, dim, keepdim, true); }
Tensor argmin(const Tensor& a, std::optional<int64_t> dim, bool keepdim) { return arg_extreme(a, dim, keepdim, false); }

}  // namespace tp::native
