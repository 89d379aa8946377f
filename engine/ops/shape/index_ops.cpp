// index_add / index_copy / index_fill along one dim, take and put (TensorAdvancedIndexing.cpp meta
// functions and IndexKernel.cpp): checks and messages as PyTorch, then a walk over the slices.
// All but put_ are out of place here; autograd/ writes them back for the in-place forms.
#include <cstring>
#include <string>
#include <type_traits>

#include "core/error.h"
#include "ops/native.h"

namespace tp::native {

namespace {

using std::to_string;

// A tensor seen with at least one dim (PyTorch's `t.dim() == 0 ? t.unsqueeze(0) : t`).
struct Nonzero {
  Shape sizes, strides;
  int64_t offset;
};
Nonzero nonzero_dim(const Tensor& t) {
  if (t.dim() == 0) return {{1}, {1}, t.storage_offset()};
  return {t.sizes(), t.strides(), t.storage_offset()};
}

// Calls f(base_a, base_b) for every position of the dims other than `dim` (row-major), with the
// storage index of that position in `a` and in `b` (both have `a`'s sizes apart from dim).
template <class F>
void for_each_slice(const Nonzero& a, const Nonzero& b, int64_t dim, F f) {
  size_t nd = a.sizes.size();
  for (size_t q = 0; q < nd; ++q)
    if (int64_t(q) != dim && a.sizes[q] == 0) return;
  std::vector<int64_t> c(nd, 0);
  while (true) {
    int64_t pa = a.offset, pb = b.offset;
    for (size_t q = 0; q < nd; ++q) {
      if (int64_t(q) == dim) continue;
      pa += c[q] * a.strides[q];
      if (q < b.strides.size()) pb += c[q] * b.strides[q];
    }
    f(pa, pb);
    int64_t q = int64_t(nd) - 1;
    for (; q >= 0; --q) {
      if (q == dim) continue;
      if (++c[size_t(q)] < a.sizes[size_t(q)]) break;
      c[size_t(q)] = 0;
    }
    if (q < 0) return;
  }
}

std::vector<int64_t> index_values(const Tensor& index) {
  std::vector<int64_t> v(size_t(index.numel()));
  for (int64_t k = 0; k < index.numel(); ++k) v[size_t(k)] = index.int_at(index.storage_index_of(k));
  return v;
}

// index_func_meta_impl (index_add's meta).
void index_func_meta(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                     const std::string& func) {
  TP_CHECK_INDEX(index.dim() <= 1, func + "_(): Index is supposed to be a vector, but got dim: " +
                                       to_string(index.dim()) + " with type: " + scalar_type_name(index.dtype()) +
                                       " and size: " + shape_str(index.sizes()));
  TP_CHECK(index.dtype() == DType::Int64 || index.dtype() == DType::Int32,
           func + "_(): Expected dtype int32/int64 for index but got: " + scalar_type_name(index.dtype()));
  TP_CHECK(self.dtype() == source.dtype(), func + "_(): self (" + scalar_type_name(self.dtype()) + ") and source (" +
                                               scalar_type_name(source.dtype()) + ") must have the same scalar type");
  TP_CHECK(dim == 0 || dim < source.dim(), func + "_(): Indexing dim " + to_string(dim) +
                                               " is out of bounds of the source tensor with dim " +
                                               to_string(source.dim()));
  int64_t src_size = source.size(dim);
  TP_CHECK(index.numel() == (source.dim() == 0 ? 1 : src_size),
           func + "_(): Number of indices (" + to_string(index.numel()) + ") should be equal to source.size(dim): (" +
               to_string(src_size) + "), for dim: " + to_string(dim));
  Shape a = self.sizes(), b = source.sizes();
  if (source.dim() != 0 && self.dim() != 0) {
    a.erase(a.begin() + dim);
    b.erase(b.begin() + dim);
  }
  TP_CHECK(a == b, "source tensor shape must match self tensor shape, excluding the specified dimension. Got self.shape = " +
                       shape_str(self.sizes()) + " source.shape = " + shape_str(source.sizes()));
}

}  // namespace

Tensor index_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, const Scalar& alpha) {
  dim = wrap_dim(dim, self.dim());
  index_func_meta(self, dim, index, source, "index_add");
  Tensor out = clone(self);
  std::vector<int64_t> idx = index_values(index);
  Nonzero o = nonzero_dim(out), s = nonzero_dim(source);
  int64_t size = o.sizes[size_t(dim)];
  if (self.dim() > 1) {
    if (idx.empty() || self.numel() == 0) return out;
    // index_add_cpu_out hands this case to scatter_add_, whose kernel words the bounds error.
    bool via_scatter = (dim == 0 || dim == self.dim() - 1) && alpha.to_double() == 1.0 && index.dtype() == DType::Int64;
    for (int64_t v : idx) {
      if (via_scatter)  // cpu_scatter_gather_base_kernel: a TORCH_CHECK (RuntimeError)
        TP_CHECK(v >= 0 && v < size, "index " + to_string(v) + " is out of bounds for dimension " + to_string(dim) +
                                         " with size " + to_string(size));
      TP_CHECK_INDEX(v >= 0 && v < size, "index out of range in self");
    }
  } else {
    TP_CHECK(source.dim() <= 1, "source.dim() (" + to_string(source.dim()) + ") must one or zero for given self.dim() (" +
                                    to_string(self.dim()) + ")");
    for (int64_t v : idx) TP_CHECK_INDEX(v >= 0 && v < out.numel(), "index out of range in self");
  }
  TP_DISPATCH(self.dtype(), T, {
    T a = static_cast<T>(alpha.is_float() ? alpha.to_double() : double(alpha.to_int()));
    for_each_slice(o, s, dim, [&](int64_t po, int64_t ps) {
      for (size_t k = 0; k < idx.size(); ++k) {
        T* dst = reinterpret_cast<T*>(out.raw(po + idx[k] * o.strides[size_t(dim)]));
        T src = *reinterpret_cast<const T*>(source.raw(ps + int64_t(k) * s.strides[size_t(dim)]));
        if constexpr (std::is_same_v<T, bool>) *dst = *dst || (src && a);
        else *dst = static_cast<T>(*dst + src * a);
      }
    });
  });
  return out;
}

Tensor index_copy(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source) {
  dim = wrap_dim(dim, self.dim());
  TP_CHECK_INDEX(index.dim() < 2, "index_copy_(): Index should have dimension 1 or 0 (got " + to_string(index.dim()) + ")");
  int64_t n = index.numel();
  if (source.dim() == 0 && n != 1)
    TP_CHECK_INDEX(false, "index_copy_(): When source is scalar, index should have one element (got " + to_string(n) + ")");
  else if (source.dim() != self.dim() && source.dim() != 0 && self.dim() != 0)
    TP_CHECK_INDEX(false, "index_copy_(): When source and destination are not scalars, their dimensionality must match. "
                          "Source dimensionality (" + to_string(source.dim()) + "), destination dimensionality (" +
                              to_string(self.dim()) + ")");
  TP_CHECK(index.dtype() == DType::Int64,
           "index_copy_(): Expected a long tensor for index, but got " + scalar_type_name(index.dtype()));
  TP_CHECK(self.dtype() == source.dtype(), "index_copy_(): self and source expected to have the same dtype, but got (self) " +
                                               scalar_type_name(self.dtype()) + " and (source) " +
                                               scalar_type_name(source.dtype()));
  Shape a = self.sizes(), b = source.sizes();
  if (!a.empty()) a.erase(a.begin() + dim);
  if (!b.empty()) b.erase(b.begin() + dim);
  TP_CHECK(a == b, "index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: " +
                       shape_str(a) + " at dimension " + to_string(dim) + " and source slice shape: " + shape_str(b) +
                       " at dimension 0.");
  TP_CHECK_INDEX(source.dim() == 0 || n == source.size(dim), "index_copy_(): Number of indices (" + to_string(n) +
                                                                 ") should be equal to source.size(dim) (" +
                                                                 to_string(source.size(dim)) + ")");
  Tensor out = clone(self);
  std::vector<int64_t> idx = index_values(index);
  Nonzero o = nonzero_dim(out), s = nonzero_dim(source);
  int64_t size = o.sizes[size_t(dim)];
  for (int64_t v : idx)
    TP_CHECK_INDEX(v >= 0 && v < size, "index_copy_(): index " + to_string(v) + " is out of bounds for dimension " +
                                           to_string(dim) + " with size " + to_string(size));
  size_t item = self.element_size();
  for_each_slice(o, s, dim, [&](int64_t po, int64_t ps) {
    for (size_t k = 0; k < idx.size(); ++k)  // in index order: the last write to a position wins
      std::memcpy(out.raw(po + idx[k] * o.strides[size_t(dim)]), source.raw(ps + int64_t(k) * s.strides[size_t(dim)]), item);
  });
  return out;
}

Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value) {
  TP_CHECK_INDEX(index.dtype() == DType::Int64, "index_fill_(): Expected dtype int64 for index.");
  dim = wrap_dim(dim, self.dim());
  TP_CHECK(index.dim() <= 1, "Index has to be a vector/scalar");
  Tensor out = clone(self);
  std::vector<int64_t> idx = index_values(index);
  Nonzero o = nonzero_dim(out);
  int64_t size = o.sizes[size_t(dim)];
  for (int64_t& v : idx) {
    TP_CHECK_INDEX(v >= -size && v < size, "index " + to_string(v) + " is out of bounds for dimension " +
                                               to_string(dim) + " with size " + to_string(size));
    if (v < 0) v += size;
  }
  for_each_slice(o, o, dim, [&](int64_t po, int64_t) {
    for (int64_t v : idx) out.set_at(po + v * o.strides[size_t(dim)], value);
  });
  return out;
}

Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value) {
  TP_CHECK(value.dim() == 0, "index_fill_ only supports a 0-dimensional value tensor, but got tensor with " +
                                 to_string(value.dim()) + " dimension(s).");
  return index_fill(self, dim, index, item(value));
}

Tensor take(const Tensor& self, const Tensor& index) {
  TP_CHECK(index.dtype() == DType::Int64, "take(): Expected a long tensor for index, but got " + scalar_type_name(index.dtype()));
  TP_CHECK_INDEX(!(self.numel() == 0 && index.numel() != 0), "take(): tried to take from an empty tensor");
  Tensor out = make_empty(index.sizes(), self.dtype(), self.device());
  int64_t numel = self.numel();
  size_t item = self.element_size();
  for (int64_t k = 0; k < index.numel(); ++k) {
    int64_t v = index.int_at(index.storage_index_of(k));
    TP_CHECK_INDEX(v >= -numel && v < numel, "out of range: tried to access index " + to_string(v) + " on a tensor of " +
                                                 to_string(numel) + " elements.");
    if (v < 0) v += numel;
    std::memcpy(out.raw(k), self.raw(self.storage_index_of(v)), item);
  }
  return out;
}

// put_ (TensorAdvancedIndexing.cpp put_ + IndexKernel.cpp cpu_put_kernel): self's elements seen
// flattened; source's k-th element goes to position index[k] (negative counts from the end). The
// kernel walks source in order and stops at the first index out of range, after the earlier
// writes. Writes in place without bumping the version (the caller does).
void put_(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate) {
  TP_CHECK(index.dtype() == DType::Int64, "put_(): Expected a long tensor for index, but got " + scalar_type_name(index.dtype()));
  TP_CHECK(self.dtype() == source.dtype(), "put_(): self and source expected to have the same dtype, but got self.dtype = " +
                                               scalar_type_name(self.dtype()) + " and source.dtype = " +
                                               scalar_type_name(source.dtype()));
  TP_CHECK(self.device() == source.device() && self.device() == index.device(),
           "put_(): self, index and source expected to be in the same device, but got self.device = " + self.device().str() +
               ", index.device = " + index.device().str() + ", and source.device = " + source.device().str());
  TP_CHECK_INDEX(source.numel() == index.numel(),
                 "put_(): Expected source and index to have the same number of elements, but got source.numel() = " +
                     to_string(source.numel()) + ", index.numel() = " + to_string(index.numel()));
  TP_CHECK_INDEX(!(self.numel() == 0 && index.numel() != 0), "put_(): Tried to put elements into an empty tensor");
  check_no_internal_overlap(self);
  check_no_partial_overlap(self, index);
  check_no_partial_overlap(self, source);
  int64_t numel = self.numel();
  bool integral = !is_floating(self.dtype());
  // An out-of-range index stops the loop after earlier writes, and then nothing bumps the version:
  // the storage must still say it was written (Note [What a repr depends on], world_snapshot.cpp).
  if (index.numel() > 0) self.storage()->mark_written();
  for (int64_t k = 0; k < index.numel(); ++k) {
    int64_t v = index.int_at(index.storage_index_of(k));
    TP_CHECK_INDEX(v >= -numel && v < numel, "out of range: tried to access index " + to_string(v) + " on a tensor of " +
                                                 to_string(numel) + " elements.");
    if (v < 0) v += numel;
    int64_t dst = self.storage_index_of(v), src = source.storage_index_of(k);
    if (!accumulate) {
      std::memcpy(self.raw(dst), source.raw(src), self.element_size());
    } else if (self.dtype() == DType::Bool) {
      self.set_at(dst, Scalar::from_bool(self.int_at(dst) != 0 || source.int_at(src) != 0));
    } else if (integral) {  // wraps like the C++ `+=` of the element type
      self.set_at(dst, Scalar::from_int(int64_t(uint64_t(self.int_at(dst)) + uint64_t(source.int_at(src)))));
    } else {  // a double sum of two narrower floats rounds once, as the element type's `+=` does
      self.set_at(dst, Scalar::from_double(self.double_at(dst) + source.double_at(src)));
    }
  }
}

// put: self.clone(at::MemoryFormat::Preserve).put_(index, source, accumulate).
Tensor put(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate) {
  Tensor out = clone(self);
  put_(out, index, source, accumulate);
  return out;
}

}  // namespace tp::native
