// gather / scatter / scatter_add along one dim (TensorAdvancedIndexing.cpp, ScatterGatherChecks.h,
// ScatterGatherKernel.cpp): checks and messages as PyTorch, then a walk over the index's elements.
// The scatters are out of place here; autograd/ writes them back for scatter_ / scatter_add_.
#include <string>

#include "core/error.h"
#include "ops/native.h"

namespace tp::native {

namespace {

int64_t nonempty_dim(const Tensor& t) { return std::max<int64_t>(t.dim(), 1); }
int64_t nonempty_size(const Tensor& t, int64_t d) { return t.dim() == 0 ? 1 : t.size(d); }
int64_t nonempty_stride(const Tensor& t, int64_t d) { return t.dim() == 0 ? 0 : t.strides()[size_t(d)]; }

// scatter_gather_dtype_check
void dtype_check(const std::string& fn, const Tensor& self, const Tensor& index, const Tensor* src) {
  if (index.numel() != 0) TP_CHECK(index.dtype() == DType::Int64, fn + "(): Expected dtype int64 for index");
  if (src) TP_CHECK(self.dtype() == src->dtype(), fn + "(): Expected self.dtype to be equal to src.dtype");
}

// gather_shape_check
void gather_shape_check(const Tensor& self, int64_t dim, const Tensor& index) {
  int64_t n = nonempty_dim(self);
  TP_CHECK(n == nonempty_dim(index), "Index tensor must have the same number of dimensions as input tensor");
  for (int64_t i = 0; i < n; ++i)
    if (i != dim)
      TP_CHECK(nonempty_size(index, i) <= nonempty_size(self, i),
               "Size does not match at dimension " + std::to_string(i) + " expected index " +
                   shape_str(index.sizes()) + " to be smaller than self " + shape_str(self.sizes()) +
                   " apart from dimension " + std::to_string(dim));
}

// scatter_shape_check
void scatter_shape_check(const Tensor& self, int64_t dim, const Tensor& index, const Tensor* src) {
  if (index.numel() == 0) return;
  int64_t n = nonempty_dim(self);
  TP_CHECK(n == nonempty_dim(index), "Index tensor must have the same number of dimensions as self tensor");
  bool wrong = false;
  for (int64_t d = 0; d < n && !wrong; ++d)
    if (d != dim && nonempty_size(index, d) > nonempty_size(self, d)) wrong = true;
  if (src)
    TP_CHECK(nonempty_dim(*src) == nonempty_dim(index),
             "Index tensor must have the same number of dimensions as src tensor");
  TP_CHECK(!wrong, "Expected index " + shape_str(index.sizes()) + " to be smaller than self " +
                       shape_str(self.sizes()) + " apart from dimension " + std::to_string(dim));
}

// Visits every element of `index` (row-major) with its multi-index; `f(coords, position_in_dim)`
// gets the wrapped-free index value after the bounds check of cpu_scatter_gather_base_kernel.
template <class F>
void for_each_index(const Tensor& index, int64_t dim, int64_t upper, F f) {
  int64_t nd = index.dim(), n = index.numel();
  std::vector<int64_t> c(size_t(nd), 0);
  for (int64_t k = 0; k < n; ++k) {
    int64_t p = index.storage_offset();
    for (int64_t q = 0; q < nd; ++q) p += c[size_t(q)] * index.strides()[size_t(q)];
    int64_t v = index.int_at(p);
    TP_CHECK(v >= 0 && v < upper, "index " + std::to_string(v) + " is out of bounds for dimension " +
                                      std::to_string(dim) + " with size " + std::to_string(upper));
    f(c, v);
    for (int64_t q = nd - 1; q >= 0; --q) {
      if (++c[size_t(q)] < index.sizes()[size_t(q)]) break;
      c[size_t(q)] = 0;
    }
  }
}

// Storage index of `t` at coords (coords of a same-rank tensor), with coordinate `dim` replaced.
int64_t at(const Tensor& t, const std::vector<int64_t>& c, int64_t dim, int64_t v) {
  int64_t p = t.storage_offset();
  for (size_t q = 0; q < c.size(); ++q) p += (int64_t(q) == dim ? v : c[q]) * t.strides()[q];
  if (c.empty()) p += v * nonempty_stride(t, 0);
  return p;
}

enum class Mode { Src, Value, Add };

Tensor scatter_impl(const std::string& fn, const Tensor& self, int64_t dim, const Tensor& index, const Tensor* src,
                    const Scalar* value, Mode mode) {
  int64_t d = wrap_dim(dim, nonempty_dim(self));
  dtype_check(fn, self, index, src);
  scatter_shape_check(self, d, index, src);
  Tensor out = clone(self);
  if (index.numel() == 0) return out;
  TP_DISPATCH(self.dtype(), T, {
    for_each_index(index, d, nonempty_size(self, d), [&](const std::vector<int64_t>& c, int64_t v) {
      T* dst = reinterpret_cast<T*>(out.raw(at(out, c, d, v)));
      if (mode == Mode::Value) {
        out.set_at(at(out, c, d, v), *value);
        return;
      }
      T s = *reinterpret_cast<const T*>(src->raw(at(*src, c, -1, 0)));
      if (mode == Mode::Add) *dst = static_cast<T>(*dst + s);
      else *dst = s;
    });
  });
  return out;
}

}  // namespace

Tensor gather(const Tensor& self, int64_t dim, const Tensor& index) {
  int64_t d = wrap_dim(dim, nonempty_dim(self));
  dtype_check("gather", self, index, nullptr);
  Tensor out = make_empty(index.sizes(), self.dtype(), self.device());
  if (index.numel() == 0) return out;
  gather_shape_check(self, d, index);
  TP_DISPATCH(self.dtype(), T, {
    T* o = reinterpret_cast<T*>(out.raw(0));
    int64_t k = 0;
    for_each_index(index, d, nonempty_size(self, d), [&](const std::vector<int64_t>& c, int64_t v) {
      o[k++] = *reinterpret_cast<const T*>(self.raw(at(self, c, d, v)));
    });
  });
  return out;
}

Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  return scatter_impl("scatter", self, dim, index, &src, nullptr, Mode::Src);
}

Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value) {
  return scatter_impl("scatter", self, dim, index, nullptr, &value, Mode::Value);
}

Tensor scatter_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  return scatter_impl("scatter_add", self, dim, index, &src, nullptr, Mode::Add);
}

}  // namespace tp::native
