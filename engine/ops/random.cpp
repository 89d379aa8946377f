// Random kernels, bit-identical to PyTorch's CPU generator (reference section 4): uniform from
// the low bits of mt19937 draws, randn's 16-block fill path vs the cached Box-Muller scalar path,
// randint's modulo rule and randperm's swap loop.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "core/context.h"
#include "core/error.h"
#include "ops/iter.h"
#include "ops/native.h"

namespace tp::native {

namespace {

constexpr double kPi = 3.14159265358979323846;

// transformation::uniform_real: float takes 24 low bits of one draw, double 53 bits of random64().
template <class T>
T uniform_real(Generator& gen, T from, T to) {
  if constexpr (std::is_same_v<T, double>) {
    double x = double(gen.random64() & ((uint64_t(1) << 53) - 1)) * (1.0 / double(uint64_t(1) << 53));
    return x * (to - from) + from;
  } else {
    float x = float(gen.random() & ((1u << 24) - 1)) * (1.0f / float(1u << 24));
    return x * (to - from) + from;
  }
}

// at::normal_distribution<double>: Box-Muller with the second sample cached on the generator.
double normal_double(Generator& gen, double mean, double std) {
  if (gen.next_double_normal_sample) {
    double r = *gen.next_double_normal_sample * std + mean;
    gen.next_double_normal_sample.reset();
    return r;
  }
  double u1 = uniform_real<double>(gen, 0.0, 1.0);
  double u2 = uniform_real<double>(gen, 0.0, 1.0);
  double r = std::sqrt(-2.0 * std::log1p(-u2));
  double theta = 2.0 * kPi * u1;
  gen.next_double_normal_sample = r * std::sin(theta);
  return r * std::cos(theta) * std + mean;
}

// Visits storage indices in TensorIterator order for a single (output) operand: dims sorted by
// stride, smallest stride fastest (reorder_dimensions), so dense tensors go in memory order.
template <class F>
void for_each_in_iter_order(const Tensor& t, F f) {
  int64_t n = t.numel();
  if (n == 0) return;
  int64_t nd = t.dim();
  std::vector<int64_t> perm;  // perm[0] = fastest dim
  for (int64_t d = nd - 1; d >= 0; --d) perm.push_back(d);
  const Shape& sz = t.sizes();
  const Shape& st = t.strides();
  auto should_swap = [&](int64_t d0, int64_t d1) {
    int64_t s0 = st[size_t(d0)], s1 = st[size_t(d1)];
    if (s0 == 0 || s1 == 0) return 0;
    if (s0 < s1) return -1;
    if (s0 > s1) return 1;
    return sz[size_t(d0)] > sz[size_t(d1)] ? 1 : 0;
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
  std::vector<int64_t> idx(static_cast<size_t>(nd), 0);
  int64_t pos = t.storage_offset();
  for (int64_t k = 0; k < n; ++k) {
    f(pos);
    for (int64_t j = 0; j < nd; ++j) {  // odometer over perm, fastest first
      size_t d = size_t(perm[size_t(j)]);
      if (++idx[d] < sz[d]) {
        pos += st[d];
        break;
      }
      pos -= (sz[d] - 1) * st[d];
      idx[d] = 0;
    }
  }
}

template <class T>
void store(const Tensor& t, int64_t storage_index, T v) {
  *reinterpret_cast<T*>(t.raw(storage_index)) = v;
}

std::string fmt_double(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// float16 sampling (uniform_real with 11 mantissa bits, the vectorised normal fill in half) is not
// reproduced yet: refusing beats printing numbers PyTorch would not draw.
void check_sampling_dtype(const Tensor& self, const char* what) {
  if (is_reduced_floating(self.dtype()))
    throw TorchError("NotImplementedError", std::string("tensorplay: ") + what + " for dtype " +
                                                dtype_repr(self.dtype()) +
                                                " is not supported yet (its random numbers would not match PyTorch's)");
}

void uniform_fill(const Tensor& self, double from, double to) {
  check_sampling_dtype(self, "uniform sampling (torch.rand, uniform_)");
  Generator& gen = ctx().generator;
  dispatch_type(self.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) {
      const T f = T(from), t = T(to);
      for_each_in_iter_order(self, [&](int64_t i) { store<T>(self, i, uniform_real<T>(gen, f, t)); });
    } else {
      throw_runtime("\"check_uniform_bounds\" not implemented for '" + scalar_type_name(self.dtype()) + "'");
    }
  });
}

// normal_fill_16: element j pairs with j + 8 inside each block of 16.
template <class T>
void normal_fill_16(T* data, T mean, T std) {
  for (int j = 0; j < 8; ++j) {
    const T u1 = 1 - data[j];
    const T u2 = data[j + 8];
    const T radius = std::sqrt(-2 * std::log(u1));
    const T theta = T(2.0f * kPi * u2);
    data[j] = radius * std::cos(theta) * std + mean;
    data[j + 8] = radius * std::sin(theta) * std + mean;
  }
}

void normal_fill_kernel(const Tensor& self, double mean, double std) {
  check_sampling_dtype(self, "normal sampling (torch.randn, normal_)");
  Generator& gen = ctx().generator;
  int64_t size = self.numel();
  dispatch_type(self.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) {
      if (size >= 16 && self.is_contiguous()) {
        T* data = reinterpret_cast<T*>(self.raw(self.storage_offset()));
        for (int64_t i = 0; i < size; ++i) data[i] = uniform_real<T>(gen, T(0), T(1));
        for (int64_t i = 0; i < size - 15; i += 16) normal_fill_16<T>(data + i, T(mean), T(std));
        if (size % 16 != 0) {
          T* tail = data + size - 16;
          for (int i = 0; i < 16; ++i) tail[i] = uniform_real<T>(gen, T(0), T(1));
          normal_fill_16<T>(tail, T(mean), T(std));
        }
      } else {
        for_each_in_iter_order(self, [&](int64_t i) { store<T>(self, i, T(normal_double(gen, mean, std))); });
      }
    } else {
      throw_runtime("\"normal_kernel_cpu\" not implemented for '" + scalar_type_name(self.dtype()) + "'");
    }
  });
}

}  // namespace

Tensor rand(const Shape& sizes, DType dtype, Device device) {
  Tensor out = make_empty(sizes, dtype, device);
  uniform_fill(out, 0.0, 1.0);
  return out;
}

Tensor randn(const Shape& sizes, DType dtype, Device device) {
  Tensor out = make_empty(sizes, dtype, device);
  normal_fill_kernel(out, 0.0, 1.0);
  return out;
}

// random_from_to: one 32-bit draw (random64 when the range needs it), value = draw % range + low.
Tensor randint(int64_t low, int64_t high, const Shape& sizes, DType dtype, Device device) {
  TP_CHECK(low < high, "random_ expects 'from' to be less than 'to', but got from=" + std::to_string(low) +
                           " >= to=" + std::to_string(high));
  Tensor out = make_empty(sizes, dtype, device);
  Generator& gen = ctx().generator;
  uint64_t range = uint64_t(high) - uint64_t(low);
  bool wide = range >= (uint64_t(1) << 32) && dtype != DType::Int32 && dtype != DType::Bool;
  dispatch_type(dtype, [&](auto tag) {
    using T = decltype(tag);
    for_each_in_iter_order(out, [&](int64_t i) {
      uint64_t draw = wide ? gen.random64() : uint64_t(gen.random());
      store<T>(out, i, T(int64_t(draw % range) + low));
    });
  });
  return out;
}

// random_() without bounds: uniform_int_distribution<T> (DistributionsHelper.h): random64() for
// int64/double, one 32-bit draw otherwise; then transformation::uniform_int: draw % (max(T) + 1)
// for integers, % (2^digits + 1) for floating types, & 1 for bool.
void random_(const Tensor& self) {
  check_sampling_dtype(self, "random_()");
  check_no_internal_overlap(self);
  Generator& gen = ctx().generator;
  dispatch_type(self.dtype(), [&](auto tag) {
    using T = decltype(tag);
    for_each_in_iter_order(self, [&](int64_t i) {
      if constexpr (std::is_same_v<T, bool>) {
        store<T>(self, i, bool(gen.random() & 1));
      } else if constexpr (std::is_same_v<T, int64_t>) {
        store<T>(self, i, T(gen.random64() % (uint64_t(1) << 63)));
      } else if constexpr (std::is_same_v<T, double>) {
        store<T>(self, i, T(gen.random64() % ((uint64_t(1) << 53) + 1)));
      } else if constexpr (std::is_same_v<T, float>) {
        store<T>(self, i, T(uint64_t(gen.random()) % ((uint64_t(1) << 24) + 1)));
      } else if constexpr (std::is_integral_v<T>) {
        store<T>(self, i, T(uint64_t(gen.random()) % (uint64_t(std::numeric_limits<T>::max()) + 1)));
      } else {
        throw TorchError("NotImplementedError", "tensorplay: random_() for dtype " + dtype_repr(self.dtype()) +
                                                    " is not supported yet (its random numbers would not match PyTorch's)");
      }
    });
  });
  self.bump_version();
}

// randperm_cpu (n < 2^32/20): identity, then swap r[i] with r[i + random() % (n - i)].
Tensor randperm(int64_t n, DType dtype, Device device) { return randperm(n, dtype, device, ctx().generator); }

Tensor randperm(int64_t n, DType dtype, Device device, Generator& gen) {
  TP_CHECK(n >= 0, "n must be non-negative, got" + std::to_string(n));
  Tensor out = make_empty({n}, dtype, device);
  std::vector<int64_t> r(static_cast<size_t>(n));
  std::iota(r.begin(), r.end(), 0);
  for (int64_t i = 0; i + 1 < n; ++i) {
    int64_t z = int64_t(gen.random() % uint64_t(n - i));
    std::swap(r[size_t(i)], r[size_t(z + i)]);
  }
  for (int64_t i = 0; i < n; ++i) out.set_at(i, Scalar::from_int(r[size_t(i)]));
  return out;
}

void uniform_(const Tensor& self, double from, double to) {
  TP_CHECK(from <= to, "uniform_ expects to return a [from, to) range, but found from=" + fmt_double(from) +
                           " > to=" + fmt_double(to));
  check_no_internal_overlap(self);
  uniform_fill(self, from, to);
  self.bump_version();
}

// cpu/DistributionTemplates.h bernoulli_kernel(self, p_): a serial loop over self (p expanded to
// it) drawing bernoulli_distribution<double> (float64 p: a 53-bit uniform from random64()) or
// <float> (other p: a 24-bit uniform from one random()); the value is uniform < p.
void bernoulli_tensor_(const Tensor& self, const Tensor& p) {
  TP_CHECK(is_floating(p.dtype()), "\"bernoulli_tensor_cpu_p_\" not implemented for '" + scalar_type_name(p.dtype()) + "'");
  if (self.numel() == 0) return;
  check_no_internal_overlap(self);
  if (self.dtype() == DType::Float16 || p.dtype() == DType::Float16)
    throw TorchError("NotImplementedError", "tensorplay: bernoulli_ with float16 tensors is not supported yet");
  Tensor pe = expand(p, self.sizes());
  Generator& gen = ctx().generator;
  const bool dbl = p.dtype() == DType::Float64;
  // TensorIterator visits the output in its memory order; the probability read with each output
  // element is the one at the same multi-index (recovered from the storage position by the strides,
  // largest first).
  std::vector<int64_t> dims(size_t(self.dim()));
  std::iota(dims.begin(), dims.end(), 0);
  std::sort(dims.begin(), dims.end(), [&](int64_t a, int64_t b) { return self.stride(a) > self.stride(b); });
  dispatch_type(self.dtype(), [&](auto tag_) { using T = decltype(tag_);
    for_each_in_iter_order(self, [&](int64_t at) {
      int64_t rem = at - self.storage_offset(), pidx = pe.storage_offset();
      for (int64_t d : dims) {
        int64_t st = self.stride(d);
        if (st == 0 || self.size(d) == 1) continue;
        pidx += (rem / st) * pe.stride(d);
        rem %= st;
      }
      double pv = pe.double_at(pidx);
      TP_CHECK(pv >= 0 && pv <= 1, "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error "
                                   "message be improved?  If so, please report an enhancement request to PyTorch.)");
      bool hit = dbl ? uniform_real<double>(gen, 0.0, 1.0) < pv : uniform_real<float>(gen, 0.f, 1.f) < float(pv);
      store<T>(self, at, static_cast<T>(hit));
    });
  });
  self.bump_version();
}

void normal_(const Tensor& self, double mean, double std) {
  TP_CHECK(std >= 0.0, "normal expects std >= 0.0, but found std " + fmt_double(std));
  check_no_internal_overlap(self);
  normal_fill_kernel(self, mean, std);
  self.bump_version();
}

}  // namespace tp::native
