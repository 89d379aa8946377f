// Allocation in a memory format: empty(memory_format=), empty_like and the *_like factories
// (aten/src/ATen/native/TensorFactories.cpp), clone/contiguous/to with memory_format
// (TensorConversions.cpp _to_copy, TensorProperties.cpp contiguous).
#include "core/context.h"
#include "core/error.h"
#include "ops/iter.h"
#include "ops/native.h"

namespace tp::native {

namespace {

void check_size_nonnegative(const Shape& sizes) {
  for (int64_t s : sizes)
    TP_CHECK(s >= 0, "Trying to create tensor with negative dimension " + std::to_string(s) + ": " + shape_str(sizes));
}

// The *_like factories fill below ADInplaceOrView (torch/csrc/autograd/generated/variable_factories.h),
// so their result starts at _version 0 although a fill ran on it.
Tensor fresh(Tensor t) {
  t.impl()->version_counter->version = 0;
  return t;
}

Tensor copy_into(const Tensor& self, Tensor out) {
  convert_copy(geometry_of(out), geometry_of(self));
  return out;
}

}  // namespace

Tensor empty(const Shape& sizes, DType dtype, Device device, MemoryFormat fmt) {
  check_size_nonnegative(sizes);
  storage_nbytes_contiguous(sizes, itemsize(dtype));  // empty_generic's overflow check and message
  return empty_strided(sizes, strides_for_format(sizes, fmt), dtype, device);
}

Tensor empty_like(const Tensor& self, DType dtype, Device device, MemoryFormat fmt) {
  if (fmt == MemoryFormat::Preserve) return empty_like_preserve(self, dtype, device);
  return empty(self.sizes(), dtype, device, fmt);
}

Tensor full_like(const Tensor& self, const Scalar& value, DType dtype, Device device, MemoryFormat fmt) {
  Tensor out = empty_like(self, dtype, device, fmt);
  fill_(out, value);
  return fresh(out);
}

Tensor rand_like(const Tensor& self, DType dtype, Device device, MemoryFormat fmt) {
  Tensor out = empty_like(self, dtype, device, fmt);
  uniform_(out, 0.0, 1.0);
  return fresh(out);
}

Tensor randn_like(const Tensor& self, DType dtype, Device device, MemoryFormat fmt) {
  Tensor out = empty_like(self, dtype, device, fmt);
  normal_(out, 0.0, 1.0);
  return fresh(out);
}

// TensorFactories.cpp clone: preserve keeps a dense input's strides, else empty_like's rule.
Tensor clone(const Tensor& self, MemoryFormat fmt) {
  return copy_into(self, empty_like(self, self.dtype(), self.device(), fmt));
}

// TensorProperties.cpp contiguous: self when already contiguous in that format.
Tensor contiguous(const Tensor& self, MemoryFormat fmt) {
  if (is_contiguous_in(self.sizes(), self.strides(), fmt)) return self;
  TP_CHECK(fmt != MemoryFormat::Preserve, "preserve memory format is unsupported by the contiguous operator");
  return clone(self, fmt);
}

// TensorConversions.cpp to_will_alias + _to_copy. Note the alias test asks suggest_memory_format,
// not is_contiguous: a transposed 2-D tensor is returned as is by .to(memory_format=contiguous_format).
Tensor to(const Tensor& self, DType dtype, Device device, bool copy, MemoryFormat fmt) {
  bool alias = dtype == self.dtype() && device == self.device() && !copy &&
               (fmt == MemoryFormat::Preserve || suggest_memory_format(self.sizes(), self.strides()) == fmt);
  if (alias) return self;
  return copy_into(self, empty_like(self, dtype, device, fmt));
}

// empty_strided_generic: sizes checked first, then computeStorageNbytes' rank check.
Tensor empty_strided_checked(const Shape& sizes, const Shape& strides, DType dtype, Device device) {
  check_size_nonnegative(sizes);
  TP_CHECK(sizes.size() == strides.size(), "dimensionality of sizes (" + std::to_string(sizes.size()) +
                                               ") must match dimensionality of strides (" +
                                               std::to_string(strides.size()) + ")");
  return empty_strided(sizes, strides, dtype, device);
}

}  // namespace tp::native
