// resize_ / resize_as_ (aten/src/ATen/native/Resize.cpp, Resize.h): change a tensor's sizes in
// place. The storage is kept when big enough (tensors sharing it keep seeing it) and grown in place
// otherwise (same Storage object, new data pointer: resize_bytes_cpu). Note [Resize keeps the storage].
#include "core/context.h"
#include "core/error.h"
#include "ops/native.h"

namespace tp::native {

// _resize_impl_ + maybe_resize_storage_cpu, then empty_tensor_restride when a format is given.
void resize_(const Tensor& self, const Shape& sizes, std::optional<MemoryFormat> fmt) {
  for (int64_t s : sizes)
    TP_CHECK(s >= 0, "Trying to create tensor with negative dimension " + std::to_string(s) + ": " + shape_str(sizes));
  TensorImpl& impl = *self.impl();
  if (impl.sizes != sizes) {  // same sizes: the strides stay as they are
    // Grow first, then change the metadata: a refused or failed growth leaves the tensor as it was,
    // never with sizes its storage cannot hold (Note [Overflow-safe geometry]).
    int64_t numel = shape_numel(sizes);  // "numel: integer multiplication overflow" first, as set_sizes_contiguous
    size_t needed = storage_nbytes_contiguous(sizes, self.element_size(), impl.storage_offset);
    if (numel > 0) ctx().grow_storage(*impl.storage, needed);  // a 0-element resize never touches the storage
    impl.sizes = sizes;
    impl.strides = contiguous_strides(sizes);
  }
  if (fmt) {
    TP_CHECK(*fmt != MemoryFormat::Preserve, "Unsupported memory format" + memory_format_name(*fmt));
    impl.strides = strides_for_format(impl.sizes, *fmt);
  }
}

void resize_as_(const Tensor& self, const Tensor& the_template, std::optional<MemoryFormat> fmt) {
  resize_(self, the_template.sizes(), std::nullopt);
  if (!fmt) return;
  MemoryFormat f = *fmt == MemoryFormat::Preserve
                       ? suggest_memory_format(the_template.sizes(), the_template.strides())
                       : *fmt;
  self.impl()->strides = strides_for_format(self.sizes(), f);
}

}  // namespace tp::native
