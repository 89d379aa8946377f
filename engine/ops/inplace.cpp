// In-place writes: a result computed out of place is written back through self's strides after
// TensorIterator's checks (shape, castability, internal overlap); each bumps self's version once.
#include <string>

#include "core/error.h"
#include "ops/iter.h"
#include "ops/native.h"

namespace tp::native {

// aten/src/ATen/MemoryOverlap.cpp has_internal_overlap / assert_no_internal_overlap.
void check_no_internal_overlap(const Tensor& self) {
  if (is_non_overlapping_and_dense(self.sizes(), self.strides())) return;
  for (int64_t d = 0; d < self.dim(); ++d)
    TP_CHECK(!(self.strides()[size_t(d)] == 0 && self.sizes()[size_t(d)] > 1),
             "unsupported operation: more than one element of the written-to tensor refers to a single memory "
             "location. Please clone() the tensor before performing the operation.");
}

void write_result_(const Tensor& self, const Tensor& result) {
  // TensorIterator order: shape (mark_resize_outputs), then dtypes (compute_types), then overlap.
  Shape shape = broadcast_shapes(self.sizes(), result.sizes());
  TP_CHECK(shape == self.sizes(), "output with shape " + shape_str(self.sizes()) +
                                      " doesn't match the broadcast shape " + shape_str(shape));
  TP_CHECK(can_cast(result.dtype(), self.dtype()), "result type " + scalar_type_name(result.dtype()) +
                                                       " can't be cast to the desired output type " +
                                                       scalar_type_name(self.dtype()));
  check_no_internal_overlap(self);
  convert_copy(geometry_of(self), broadcast_geometry(geometry_of(result), self.sizes()));
  self.bump_version();
}

// aten/src/ATen/native/Fill.cpp fill_out: set_check_mem_overlap(false) -- "Fill is idempotent, so
// overlap is okay": an expanded (stride 0) tensor can be filled, unlike add_ or copy_ into it.
void fill_(const Tensor& self, const Scalar& value) {
  Scratch one = make_scratch({}, self.dtype());
  TP_DISPATCH_STORAGE(self.dtype(), T, {
    T v;
    if constexpr (std::is_same_v<T, bool>) v = value.to_bool();
    else if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, Half>) v = T(value.to_double());
    else v = value.is_float() ? T(int64_t(value.to_double())) : T(value.to_int());
    *reinterpret_cast<T*>(one.geom.base) = v;
  });
  convert_copy(geometry_of(self), broadcast_geometry(one.geom, self.sizes()));
  self.bump_version();
}

void zero_(const Tensor& self) { fill_(self, Scalar::from_int(0)); }

}  // namespace tp::native
