// Tensor.set_ (its four overloads), is_set_to, as_strided_ and _is_view: storage-level aliasing
// (native_functions.yaml set_.source_Storage / source_Storage_storage_offset / source_Tensor /
// set_, as_strided_, is_set_to; torch/_tensor.py). Kernels in ops/shape/set_storage.cpp.
#include "autograd/shape/set_storage.h"
#include "bindings/install.h"
#include "core/error.h"
#include "ops/shape/set_storage.h"

namespace tp::interp::lib {

StoragePtr storage_of(const ObjPtr& o);  // bindings/tensor/core_methods.cpp: nullptr unless a storage object

namespace {

std::optional<Shape> stride_list(Interpreter& in, const ObjPtr& o) {
  if (!o || is_none(o)) return std::nullopt;
  Shape s = to_int_list(in, o, "argument 'stride'");
  if (s.empty()) return std::nullopt;  // the default stride=[] means contiguous
  return s;
}

ObjPtr set_(Interpreter& in, Tensor& self, ArgParser& p) {
  ObjPtr source = p.get("source", 0);
  ObjPtr offset = p.get("storage_offset", 1);
  if (!source) {
    tp::set_(self, [&] { native::set_empty_(self); });
    return in.wrap_tensor(self);
  }
  StoragePtr storage = storage_of(source);
  if (!storage && !is_tensor(source))
    throw TorchError("TypeError", "set_() received an invalid combination of arguments - got (" + in.type_name(source) +
                                      "), but expected one of:\n * ()\n * (torch.Storage source)\n * (torch.Storage "
                                      "source, int storage_offset, tuple of ints size, tuple of ints stride)\n * (Tensor "
                                      "source)\n * (Tensor source, int storage_offset, tuple of ints size, tuple of ints "
                                      "stride)\n");
  if (!offset) {
    if (storage) tp::set_(self, [&] { native::set_storage_(self, storage); });
    else tp::set_(self, [&] { native::set_tensor_(self, tensor_of(source)); });
    return in.wrap_tensor(self);
  }
  int64_t off = to_int(in, offset, "argument 'storage_offset'");
  Shape size = to_int_list(in, p.required("size", 2), "argument 'size'");
  std::optional<Shape> stride = stride_list(in, p.get("stride", 3));
  if (!storage) {  // set__symint: a contiguous tensor used as the storage, offsets add up
    const Tensor& src = tensor_of(source);
    TP_CHECK(src.is_contiguous(), "passed in tensor to be used as storage must be contiguous");
    storage = src.storage();
    off += src.storage_offset();
  }
  tp::set_(self, [&] { native::set_storage_(self, storage, off, size, stride); });
  return in.wrap_tensor(self);
}

}  // namespace

void install_set_storage(Interpreter& in, ClassObj& tc) {
  method(tc, "set_", set_);
  method(tc, "is_set_to", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.make_bool(native::is_set_to(self, tensor_arg(in, p.required("tensor", 0), "is_set_to", "tensor", 1)));
  });
  method(tc, "as_strided_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    Shape size = to_int_list(in, p.required("size", 0), "argument 'size'");
    Shape stride = to_int_list(in, p.required("stride", 1), "argument 'stride'");
    std::optional<int64_t> offset = opt_int(in, p.get("storage_offset", 2), "argument 'storage_offset'");
    return in.wrap_tensor(tp::as_strided_(self, size, stride, offset));
  });
  // A differentiable view: one with a base (detach() and .data results are not).
  method(tc, "_is_view", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.make_bool(self.impl()->base != nullptr);
  });
}

}  // namespace tp::interp::lib
