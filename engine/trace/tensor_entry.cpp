#include "trace/tensor_entry.h"

#include "autograd/node.h"

namespace tp::trace {

int64_t hook_count(const TensorImpl& t) {
  size_t n = t.grad_hooks.size() + t.post_accumulate_grad_hooks.size();
  if (t.grad_fn)
    for (const Node::TensorPreHook& h : t.grad_fn->tensor_pre_hooks) n += h.input_nr == t.output_nr;
  return int64_t(n);
}

bool TensorEntry::same_facts(const TensorEntry& o) const {
  return id == o.id && object == o.object && sizes == o.sizes && strides == o.strides &&
         storage_offset == o.storage_offset && dtype == o.dtype && device == o.device && storage == o.storage &&
         version_family == o.version_family && version == o.version && base == o.base &&
         is_contiguous == o.is_contiguous && requires_grad == o.requires_grad && is_leaf == o.is_leaf &&
         retains_grad == o.retains_grad && is_parameter == o.is_parameter && grad_fn == o.grad_fn &&
         output_nr == o.output_nr && grad == o.grad && hooks == o.hooks && data_ptr == o.data_ptr;
}

void gather_tensor_facts(const std::shared_ptr<TensorImpl>& ptr, int64_t object, TensorEntry& e) {
  const TensorImpl& impl = *ptr;
  Tensor t(ptr);
  e.id = impl.id;
  e.object = object;
  e.sizes.assign(impl.sizes.begin(), impl.sizes.end());
  e.strides.assign(impl.strides.begin(), impl.strides.end());
  e.storage_offset = impl.storage_offset;
  e.dtype = impl.dtype;
  e.device = impl.storage->device();
  e.storage = impl.storage->id();
  e.version_family = impl.version_counter->id;
  e.version = impl.version_counter->version;
  e.base = impl.base ? impl.base->id : -1;
  e.is_contiguous = t.is_contiguous();
  e.requires_grad = t.requires_grad();
  e.is_leaf = impl.grad_fn == nullptr;
  e.retains_grad = impl.retains_grad;
  e.is_parameter = impl.is_parameter;
  e.grad_fn = impl.grad_fn ? impl.grad_fn->id : -1;
  e.output_nr = int64_t(impl.output_nr);
  e.grad = impl.grad ? impl.grad->id : -1;
  e.hooks = hook_count(impl);
  e.data_ptr = t.data_ptr();
}

namespace {

void write_int_list(JsonWriter& w, const Shape& s) {
  w.begin_array();
  for (int64_t v : s) w.value(v);
  w.end_array();
}

}  // namespace

void write_tensor_entry(JsonWriter& w, const TensorEntry& e, const TensorEntry* before) {
  // a member is written whole, or in a delta when it differs from what was shown
  auto changed = [&](auto member) { return !before || !(e.*member == before->*member); };
  w.begin_object();
  w.key("id").value(e.id);
  if (changed(&TensorEntry::object)) { w.key("object"); w.id_or_null(e.object); }
  if (changed(&TensorEntry::sizes)) { w.key("sizes"); write_int_list(w, e.sizes); }
  if (changed(&TensorEntry::strides)) { w.key("strides"); write_int_list(w, e.strides); }
  if (changed(&TensorEntry::storage_offset)) w.key("storage_offset").value(e.storage_offset);
  if (changed(&TensorEntry::dtype)) w.key("dtype").value(dtype_short_name(e.dtype));
  if (changed(&TensorEntry::device)) w.key("device").value(e.device.str());
  if (!before || itemsize(e.dtype) != itemsize(before->dtype)) w.key("element_size").value(int64_t(itemsize(e.dtype)));
  if (changed(&TensorEntry::storage)) w.key("storage").value(e.storage);
  if (changed(&TensorEntry::version_family)) w.key("version_family").value(e.version_family);
  if (changed(&TensorEntry::version)) w.key("_version").value(e.version);
  if (changed(&TensorEntry::base)) { w.key("_base"); w.id_or_null(e.base); }
  if (!before || (e.base >= 0) != (before->base >= 0)) w.key("is_view").value(e.base >= 0);
  if (changed(&TensorEntry::is_contiguous)) w.key("is_contiguous").value(e.is_contiguous);
  if (changed(&TensorEntry::requires_grad)) w.key("requires_grad").value(e.requires_grad);
  if (changed(&TensorEntry::is_leaf)) w.key("is_leaf").value(e.is_leaf);
  if (changed(&TensorEntry::retains_grad)) w.key("retains_grad").value(e.retains_grad);
  if (changed(&TensorEntry::grad_fn)) { w.key("grad_fn"); w.id_or_null(e.grad_fn); }
  if (changed(&TensorEntry::output_nr)) w.key("output_nr").value(e.output_nr);
  if (changed(&TensorEntry::grad)) { w.key("grad"); w.id_or_null(e.grad); }
  if (changed(&TensorEntry::is_parameter)) w.key("is_parameter").value(e.is_parameter);
  if (changed(&TensorEntry::hooks)) w.key("hooks").value(e.hooks);
  if (changed(&TensorEntry::data_ptr)) w.key("data_ptr").value(e.data_ptr);
  if (changed(&TensorEntry::repr_ref)) w.key("repr_ref").value(e.repr_ref);
  w.end_object();
}

}  // namespace tp::trace
