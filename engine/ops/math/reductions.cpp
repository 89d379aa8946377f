// sum / mean / prod. Note [Summation order]: PyTorch sums floats with cascade_sum
// (aten/src/ATen/native/cpu/SumKernel.cpp) over TensorIterator's reordered, coalesced 2-D loops,
// accumulating float32 in float32 with 8-lane (AVX2) vectors, 4-way ILP and 4 levels of partial
// sums. The low bits of a float sum (visible in `.item()`) depend on that order, so we replay it
// exactly with explicit loops instead of xtensor's sequential xt::sum.
#include <algorithm>
#include <string>

#include "core/context.h"
#include "core/error.h"
#include "ops/cold_kernel.h"
#include "ops/iter.h"
#include "ops/native.h"
#include "ops/math/reduce_util.h"

namespace tp::native {

std::vector<bool> reduction_mask(const Tensor& self, const std::vector<int64_t>& dims) {
  int64_t nd = self.dim();
  std::vector<bool> mask(size_t(nd), dims.empty());
  for (int64_t d : dims) {
    int64_t w = wrap_dim(d, nd);
    if (nd == 0) continue;
    TP_CHECK(!mask[size_t(w)], "dim " + std::to_string(w) + " appears multiple times in the list of dims");
    mask[size_t(w)] = true;
  }
  return mask;
}

Shape reduced_shape(const Shape& sizes, const std::vector<bool>& mask, bool keepdim) {
  Shape out;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (!mask[d]) out.push_back(sizes[d]);
    else if (keepdim) out.push_back(1);
  }
  return out;
}

std::vector<int64_t> offsets_over(const Tensor& self, const std::vector<bool>& mask, bool reduced) {
  std::vector<int64_t> offs{0};
  for (size_t d = 0; d < mask.size(); ++d) {
    if (mask[d] != reduced) continue;
    std::vector<int64_t> next;
    for (int64_t o : offs)
      for (int64_t i = 0; i < self.sizes()[d]; ++i) next.push_back(o + i * self.strides()[d]);
    offs.swap(next);
  }
  return offs;
}

namespace {

// ---------------------------------------------------------------- cascade_sum replay

int64_t ceil_log2(int64_t x) {
  if (x <= 2) return 1;
  uint64_t v = uint64_t(x) - 1;
  int64_t last = 63;
  while (!(v >> last)) --last;
  return last + 1;
}

// multi_row_sum: `nacc` independent accumulators over `size` steps with 4 levels of partial sums.
template <class T, class Load>
std::vector<T> multi_row_sum(int64_t nacc, int64_t size, Load load) {
  constexpr int64_t num_levels = 4;
  const int64_t level_power = std::max<int64_t>(4, ceil_log2(size) / num_levels);
  const int64_t level_step = int64_t(1) << level_power;
  const int64_t level_mask = level_step - 1;
  std::vector<T> acc(size_t(num_levels * nacc), T(0));
  auto A = [&](int64_t lvl, int64_t k) -> T& { return acc[size_t(lvl * nacc + k)]; };
  int64_t i = 0;
  for (; i + level_step <= size;) {
    for (int64_t j = 0; j < level_step; ++j, ++i)
      for (int64_t k = 0; k < nacc; ++k) A(0, k) += load(i, k);
    for (int64_t j = 1; j < num_levels; ++j) {
      for (int64_t k = 0; k < nacc; ++k) {
        A(j, k) += A(j - 1, k);
        A(j - 1, k) = T(0);
      }
      const int64_t mask = level_mask << (j * level_power);
      if ((i & mask) != 0) break;
    }
  }
  for (; i < size; ++i)
    for (int64_t k = 0; k < nacc; ++k) A(0, k) += load(i, k);
  for (int64_t j = 1; j < num_levels; ++j)
    for (int64_t k = 0; k < nacc; ++k) A(0, k) += A(j, k);
  acc.resize(size_t(nacc));
  return acc;
}

// row_sum over `size` elements of `lanes` lanes each (lanes = 1 scalar, 8/4 = one AVX2 vector).
template <class T, class Load>
std::vector<T> row_sum(int64_t lanes, int64_t size, Load load) {
  const int64_t size_ilp = size / 4;
  auto acc = multi_row_sum<T>(4 * lanes, size_ilp, [&](int64_t i, int64_t k) { return load(i * 4 + k / lanes, k % lanes); });
  for (int64_t i = size_ilp * 4; i < size; ++i)
    for (int64_t l = 0; l < lanes; ++l) acc[size_t(l)] += load(i, l);
  for (int64_t r = 1; r < 4; ++r)
    for (int64_t l = 0; l < lanes; ++l) acc[size_t(l)] += acc[size_t(r * lanes + l)];
  acc.resize(size_t(lanes));
  return acc;
}

// One call of cascade_sum's loop2d (strides in elements).
template <class T>
void cascade_loop2d(T* out, const T* in, int64_t os0, int64_t is0, int64_t os1, int64_t is1, int64_t size0,
                    int64_t size1) {
  if (os0 != 0 && os1 == 0) {
    std::swap(is0, is1);
    std::swap(os0, os1);
    std::swap(size0, size1);
  }
  if (os0 != 0 && os1 != 0) {  // not a true reduction
    for (int64_t j = 0; j < size1; ++j)
      for (int64_t i = 0; i < size0; ++i) out[j * os1 + i * os0] += in[j * is1 + i * is0];
    return;
  }
  const int64_t V = std::is_same_v<T, float> ? 8 : 4;  // Vectorized<T>::size() on AVX2
  if (is0 == 1 && size0 >= V) {  // contiguous inner reduction
    const int64_t vec_size = size0 / V;
    for (int64_t j = 0; j < size1; ++j) {
      const T* row = in + j * is1;
      auto vacc = row_sum<T>(V, vec_size, [&](int64_t i, int64_t l) { return row[i * V + l]; });
      T fin = 0;
      for (int64_t k = vec_size * V; k < size0; ++k) fin += row[k];
      for (int64_t l = 0; l < V; ++l) fin += vacc[size_t(l)];
      out[j * os1] += fin;
    }
  } else if (is1 == 1 && size1 >= V) {  // contiguous outer reduction
    int64_t j = 0;
    for (; j + 4 * V <= size1; j += 4 * V) {
      auto sums = multi_row_sum<T>(4 * V, size0, [&](int64_t i, int64_t k) { return in[i * is0 + j + k]; });
      for (int64_t k = 0; k < 4 * V; ++k) out[(j + k) * os1] += sums[size_t(k)];
    }
    for (; j + V <= size1; j += V) {
      auto sums = row_sum<T>(V, size0, [&](int64_t i, int64_t l) { return in[i * is0 + j + l]; });
      for (int64_t l = 0; l < V; ++l) out[(j + l) * os1] += sums[size_t(l)];
    }
    for (; j < size1; ++j) out[j * os1] += row_sum<T>(1, size0, [&](int64_t i, int64_t) { return in[i * is0 + j]; })[0];
  } else if (is0 < is1) {  // scalar inner
    for (int64_t j = 0; j < size1; ++j)
      out[j * os1] += row_sum<T>(1, size0, [&](int64_t i, int64_t) { return in[j * is1 + i * is0]; })[0];
  } else {  // scalar outer
    int64_t j = 0;
    for (; j + 3 < size1; j += 4) {
      auto sums = multi_row_sum<T>(4, size0, [&](int64_t i, int64_t k) { return in[i * is0 + (j + k) * is1]; });
      for (int64_t k = 0; k < 4; ++k) out[(j + k) * os1] += sums[size_t(k)];
    }
    for (; j < size1; ++j)
      out[j * os1] += row_sum<T>(1, size0, [&](int64_t i, int64_t) { return in[i * is0 + j * is1]; })[0];
  }
}

// TensorIterator for a reduction: reorder dims (reduced dims first, then by input stride),
// coalesce, then run loop2d over the first two dims for every position of the others.
// `out` is the contiguous result read in keepdim form (`kshape`).
template <class T>
void cascade_sum(T* out, const Shape& kshape, const Geometry& in) {
  const int64_t nd = int64_t(in.sizes.size());
  Shape shape = in.sizes;
  Shape kstrides = contiguous_strides(kshape);
  Shape ost(static_cast<size_t>(nd)), ist = in.strides;
  for (int64_t d = 0; d < nd; ++d)
    ost[size_t(d)] = (kshape[size_t(d)] == 1 && shape[size_t(d)] != 1) ? 0 : kstrides[size_t(d)];
  std::vector<int64_t> perm;
  for (int64_t d = nd - 1; d >= 0; --d) perm.push_back(d);
  auto should_swap = [&](int64_t d0, int64_t d1) {
    int64_t s0 = ost[size_t(d0)], s1 = ost[size_t(d1)];
    if ((s0 == 0) != (s1 == 0)) return s1 == 0 ? 1 : -1;
    if (!(s0 == 0 || s1 == 0)) {
      if (s0 < s1) return -1;
      if (s0 > s1) return 1;
      if (shape[size_t(d0)] > shape[size_t(d1)]) return 1;
    }
    s0 = ist[size_t(d0)];
    s1 = ist[size_t(d1)];
    if (s0 == 0 || s1 == 0) return 0;
    if (s0 < s1) return -1;
    if (s0 > s1) return 1;
    if (shape[size_t(d0)] > shape[size_t(d1)]) return 1;
    return 0;
  };
  for (int64_t i = 1; i < nd; ++i) {
    int64_t d1 = i;
    for (int64_t d0 = i - 1; d0 >= 0; --d0) {
      int c = should_swap(perm[size_t(d0)], perm[size_t(d1)]);
      if (c > 0) {
        std::swap(perm[size_t(d0)], perm[size_t(d1)]);
        d1 = d0;
      } else if (c < 0) {
        break;
      }
    }
  }
  Shape s, os, is;
  for (int64_t p : perm) {
    s.push_back(shape[size_t(p)]);
    os.push_back(ost[size_t(p)]);
    is.push_back(ist[size_t(p)]);
  }
  // coalesce_dimensions
  if (!s.empty()) {
    size_t prev = 0;
    for (size_t d = 1; d < s.size(); ++d) {
      bool can = s[prev] == 1 || s[d] == 1 || (s[prev] * os[prev] == os[d] && s[prev] * is[prev] == is[d]);
      if (can) {
        if (s[prev] == 1) {
          os[prev] = os[d];
          is[prev] = is[d];
        }
        s[prev] *= s[d];
      } else {
        ++prev;
        if (prev != d) {
          os[prev] = os[d];
          is[prev] = is[d];
          s[prev] = s[d];
        }
      }
    }
    s.resize(prev + 1);
    os.resize(prev + 1);
    is.resize(prev + 1);
  }
  const T* inp = reinterpret_cast<const T*>(in.base) + in.offset;
  int64_t size0 = s.size() > 0 ? s[0] : 1, size1 = s.size() > 1 ? s[1] : 1;
  int64_t os0 = s.size() > 0 ? os[0] : 0, is0 = s.size() > 0 ? is[0] : 0;
  int64_t os1 = s.size() > 1 ? os[1] : 0, is1 = s.size() > 1 ? is[1] : 0;
  // outer dims (>= 2) in order, fastest first
  std::vector<int64_t> idx(s.size(), 0);
  int64_t outer = 1;
  for (size_t d = 2; d < s.size(); ++d) outer *= s[d];
  int64_t ooff = 0, ioff = 0;
  for (int64_t k = 0; k < outer; ++k) {
    cascade_loop2d<T>(out + ooff, inp + ioff, os0, is0, os1, is1, size0, size1);
    for (size_t d = 2; d < s.size(); ++d) {
      if (++idx[d] < s[d]) {
        ooff += os[d];
        ioff += is[d];
        break;
      }
      ooff -= (s[d] - 1) * os[d];
      ioff -= (s[d] - 1) * is[d];
      idx[d] = 0;
    }
  }
}

// sum into a fresh tensor of dtype `dt` (input converted first, keeping its layout).
Tensor sum_impl(const Tensor& a, const std::vector<bool>& mask, bool keepdim, DType dt) {
  Shape kshape = reduced_shape(a.sizes(), mask, true);
  Tensor out = make_empty(reduced_shape(a.sizes(), mask, keepdim), dt, a.device());
  Geometry in = geometry_of(a);
  Scratch keep;
  if (a.dtype() != dt) {
    keep = make_scratch({shape_numel(a.sizes())}, dt);
    Geometry g = keep.geom;
    g.sizes = a.sizes();
    g.strides = is_non_overlapping_and_dense(a.sizes(), a.strides()) ? a.strides()
                                                                      : infer_dense_strides(a.sizes(), a.strides());
    convert_copy(g, in);
    in = g;
  }
  if (a.numel() == 0) return out;
  dispatch_type(dt, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) {
      cascade_sum<T>(reinterpret_cast<T*>(out.raw(0)), kshape, in);
    } else {
      // integer addition is associative: a plain loop over the converted input's strides
      const Shape& ks = in.strides;
      const T* base = reinterpret_cast<const T*>(in.base) + in.offset;
      T* o = reinterpret_cast<T*>(out.raw(0));
      std::vector<int64_t> inner_in{0}, outer_in{0};
      for (size_t d = 0; d < mask.size(); ++d) {
        std::vector<int64_t>& v = mask[d] ? inner_in : outer_in;
        std::vector<int64_t> next;
        for (int64_t x : v)
          for (int64_t i = 0; i < a.sizes()[d]; ++i) next.push_back(x + i * ks[d]);
        v.swap(next);
      }
      for (size_t k = 0; k < outer_in.size(); ++k) {
        T acc = 0;
        for (int64_t r : inner_in) acc = T(acc + base[outer_in[k] + r]);
        o[k] = acc;
      }
    }
  });
  return out;
}

}  // namespace

Tensor sum(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim, OptDType dtype) {
  std::vector<bool> mask = reduction_mask(a, dims);
  DType dt = dtype ? *dtype : is_integral(a.dtype(), true) ? DType::Int64 : a.dtype();
  // float16: cascade_sum accumulates in float (opmath_type<Half>) and rounds the total once.
  if (is_reduced_floating(dt)) return to(sum_impl(a, mask, keepdim, compute_dtype(dt)), dt, a.device(), false);
  return sum_impl(a, mask, keepdim, dt);
}

// mean_out on CPU: sum in the output dtype, then div_ by the number of reduced elements.
Tensor mean(const Tensor& a, const std::vector<int64_t>& dims, bool keepdim, OptDType dtype) {
  DType dt = dtype ? *dtype : a.dtype();
  TP_CHECK(is_floating(dt), std::string("mean(): could not infer output dtype. ") +
                                (dtype ? "Optional" : "Input") +
                                " dtype must be either a floating point or complex dtype. Got: " + scalar_type_name(dt));
  // float16: mean_out casts to float, sums, divides, and casts back once.
  if (is_reduced_floating(dt))
    return to(mean(to(a, compute_dtype(dt), a.device(), false), dims, keepdim, std::nullopt), dt, a.device(), false);
  std::vector<bool> mask = reduction_mask(a, dims);
  int64_t count = 1;
  for (size_t d = 0; d < mask.size(); ++d)
    if (mask[d]) count *= a.sizes()[d];
  Tensor s = sum_impl(a, mask, keepdim, dt);
  dispatch_type(dt, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) {
      T* p = reinterpret_cast<T*>(s.raw(0));
      const T n = T(count);
      for (int64_t i = 0; i < s.numel(); ++i) p[i] = p[i] / n;
    }
  });
  return s;
}

// prod_out_impl: the reduction runs in the result dtype (dtype=, else int64 for integral inputs), the
// input cast to it elementwise (make_reduction_from_out_ty). A cold kernel (ops/cold_kernel.h).
TP_COLD_KERNEL Tensor prod(const Tensor& a, std::optional<int64_t> dim, bool keepdim, OptDType dtype) {
  if (dtype && *dtype != a.dtype()) return prod(to(a, *dtype, a.device(), false), dim, keepdim, dtype);
  std::vector<bool> mask = reduction_mask(a, dim ? std::vector<int64_t>{*dim} : std::vector<int64_t>{});
  DType dt = dtype ? *dtype : is_integral(a.dtype(), true) ? DType::Int64 : a.dtype();
  Tensor out = make_empty(reduced_shape(a.sizes(), mask, dim ? keepdim : false), dt, a.device());
  std::vector<int64_t> inner = offsets_over(a, mask, true), outer = offsets_over(a, mask, false);
  dispatch_type(dt, [&](auto tag) {
    using T = decltype(tag);
    T* o = reinterpret_cast<T*>(out.raw(0));
    for (size_t k = 0; k < outer.size(); ++k) {
      T acc = 1;
      for (int64_t r : inner) {
        int64_t at = a.storage_offset() + outer[k] + r;
        if constexpr (std::is_floating_point_v<T>) acc = T(acc * T(a.double_at(at)));
        else acc = T(acc * T(a.int_at(at)));
      }
      o[k] = acc;
    }
  });
  return out;
}

}  // namespace tp::native
