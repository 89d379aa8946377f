// set_ / is_set_to / as_strided_ kernels (set_storage.h).
#include "ops/shape/set_storage.h"

#include "core/context.h"
#include "core/error.h"
#include "core/tensor_geometry.h"

namespace tp::native {

void set_storage_(const Tensor& self, const StoragePtr& storage, int64_t storage_offset, const Shape& sizes,
                  const std::optional<Shape>& strides) {
  if (strides)
    TP_CHECK(sizes.size() == strides->size(), "unequal size length (" + std::to_string(sizes.size()) +
                                                  ") and stride length (" + std::to_string(strides->size()) + ")");
  TP_CHECK(storage_offset >= 0, "Tensor: invalid storage offset " + std::to_string(storage_offset));
  TP_CHECK(self.storage() == storage || self.device() == storage->device(),
           "Attempted to set the storage of a tensor on device \"" + self.device().str() +
               "\" to a storage on different device \"" + storage->device().str() +
               "\".  This is no longer allowed; the devices must match.");
  for (int64_t s : sizes)
    TP_CHECK(s >= 0, "Trying to create tensor with negative dimension " + std::to_string(s) + ": " + shape_str(sizes));
  Shape st = strides ? *strides : contiguous_strides(sizes);
  bool unchanged = self.sizes() == sizes && (!strides || self.strides() == *strides);
  if (!unchanged) {
    // resize_impl_cpu_ + maybe_resize_storage_cpu: a geometry that needs more bytes grows the storage
    // (same Storage object, every tensor on it sees the new bytes). storage_nbytes raises on overflow.
    size_t view = storage_nbytes(sizes, st, self.element_size());
    if (view != 0) ctx().grow_storage(*storage, view + size_t(storage_offset) * self.element_size());
  }
  set_geometry(self, storage, sizes, st, storage_offset);
}

void set_storage_(const Tensor& self, const StoragePtr& storage) {
  auto n = int64_t(storage->nbytes() / self.element_size());
  set_storage_(self, storage, 0, {n}, std::nullopt);
}

void set_empty_(const Tensor& self) {
  set_storage_(self, ctx().new_storage(self.device(), 0), 0, {0}, std::nullopt);
}

void set_tensor_(const Tensor& self, const Tensor& source) {
  if (self.is_same(source)) return;
  set_storage_(self, source.storage(), source.storage_offset(), source.sizes(), source.strides());
}

bool is_set_to(const Tensor& self, const Tensor& other) {
  return self.storage() == other.storage() && self.storage_offset() == other.storage_offset() &&
         self.sizes() == other.sizes() && self.strides() == other.strides();
}

void as_strided_(const Tensor& self, const Shape& sizes, const Shape& strides, std::optional<int64_t> storage_offset) {
  TP_CHECK(sizes.size() == strides.size(), "mismatch in length of strides and shape");
  set_geometry(self, self.storage(), sizes, strides, storage_offset.value_or(self.storage_offset()));
}

}  // namespace tp::native
