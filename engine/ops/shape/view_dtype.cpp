// Tensor.view(dtype): reinterpreting a tensor's bytes (TensorConversions.cpp view_dtype and
// compute_strides_for_view_dtype_downsize / _upsize). derivatives.yaml marks it non-differentiable,
// so autograd sees a non-differentiable view: no grad_fn, no _base, the base's version counter.
#include "ops/shape/view_dtype.h"

#include "core/error.h"

namespace tp::native {

namespace {

std::string as_text(DType from, DType to) {
  return " to view " + scalar_type_name(from) + " as " + scalar_type_name(to) + " (different element sizes)";
}

}  // namespace

Tensor view_dtype(const Tensor& self, DType dtype) {
  int64_t old_size = int64_t(itemsize(self.dtype())), new_size = int64_t(itemsize(dtype));
  Shape sizes = self.sizes(), strides = self.strides();
  int64_t offset = self.storage_offset();
  if (old_size != new_size) {
    TP_CHECK(self.dim() != 0, "self.dim() cannot be 0" + as_text(self.dtype(), dtype));
    size_t last = sizes.size() - 1;
    TP_CHECK(strides[last] == 1 || old_size < new_size,
             "self.stride(-1) must be 1" + as_text(self.dtype(), dtype) + ", but got " + std::to_string(strides[last]));
    if (old_size > new_size) {  // downsizing: every element becomes `ratio` elements
      int64_t ratio = old_size / new_size;
      for (size_t d = 0; d < last; ++d) strides[d] *= ratio;
      sizes[last] *= ratio;
      offset *= ratio;
    } else {  // upsizing: `ratio` elements become one
      int64_t ratio = new_size / old_size;
      TP_CHECK(sizes[last] % ratio == 0, "self.size(-1) must be divisible by " + std::to_string(ratio) +
                                             as_text(self.dtype(), dtype) + ", but got " + std::to_string(sizes[last]));
      TP_CHECK(offset % ratio == 0, "self.storage_offset() must be divisible by " + std::to_string(ratio) +
                                        as_text(self.dtype(), dtype) + ", but got " + std::to_string(offset));
      TP_CHECK(strides[last] == 1, "self.stride(-1) must be 1" + as_text(self.dtype(), dtype) + ", but got " +
                                       std::to_string(strides[last]));
      for (size_t d = 0; d < last; ++d) {
        TP_CHECK(strides[d] % ratio == 0, "self.stride(" + std::to_string(d) + ") must be divisible by " +
                                              std::to_string(ratio) + as_text(self.dtype(), dtype) + ", but got " +
                                              std::to_string(strides[d]));
        strides[d] /= ratio;
      }
      sizes[last] /= ratio;
      offset /= ratio;
    }
    strides[last] = 1;
  }
  return make_tensor(self.storage(), sizes, strides, offset, dtype, self.impl()->version_counter);
}

}  // namespace tp::native
