// The Python protocol of library objects (library.h): repr/str (tensor repr via format/, numpy
// arrays, torch.Size, dtype, device, grad_fn nodes), len, iteration (a tensor iterates over
// unbind(0)), truthiness and int()/float() conversion of one-element tensors.
#include "autograd/node.h"
#include "core/error.h"
#include "bindings/install.h"
#include "python/library.h"

namespace tp::interp::lib {

std::string ndarray_repr(Interpreter& in, const Tensor& a);  // bindings/numpy/ndarray.cpp
std::string ndarray_str(Interpreter& in, const Tensor& a);
std::vector<ObjPtr> ndarray_iterate(Interpreter& in, const ObjPtr& self);
bool storage_len(const ObjPtr& o, int64_t& out);             // bindings/tensor/core_methods.cpp
bool module_iterate(Interpreter& in, const ObjPtr& self, std::vector<ObjPtr>& out);  // bindings/nn/containers.cpp
std::string format_tensor(Interpreter& in, const Tensor& t);  // bindings/tensor/print.cpp
std::string numpy_dtype_str(const ObjPtr& o);                 // bindings/numpy/ndarray.cpp

namespace {

std::string tensor_repr(Interpreter& in, const Tensor& t) {
  std::string body = format_tensor(in, t);
  return t.impl()->is_parameter ? "Parameter containing:\n" + body : body;
}

std::string size_repr(const Shape& s) {
  std::string out = "torch.Size([";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + "])";
}

}  // namespace

std::string repr(Interpreter& in, const ObjPtr& obj) {
  switch (obj->kind) {
    case Kind::Tensor: return tensor_repr(in, tensor_of(obj));
    case Kind::NdArray: return ndarray_repr(in, array_of(obj));
    case Kind::Size: return size_repr(cast<SizeObj>(obj).dims);
    case Kind::DType: return dtype_repr(cast<DTypeObj>(obj).dtype);
    case Kind::Device: return device_repr(obj);
    case Kind::Node: {
      auto& n = cast<NodeObj>(obj);
      return "<" + n.node->name() + " object at " + in.address_of(obj) + ">";
    }
    default: return "";
  }
}

std::string str(Interpreter& in, const ObjPtr& obj) {
  switch (obj->kind) {
    case Kind::NdArray: return ndarray_str(in, array_of(obj));
    case Kind::Device: {
      auto& d = cast<DeviceObj>(obj).device;
      auto* l = obj_cast<LibDeviceObj>(obj.get());
      bool idx = l ? l->has_index : !d.is_cpu();
      return idx ? d.type_name() + ":" + std::to_string(d.index) : d.type_name();
    }
    case Kind::Instance: return numpy_dtype_str(obj);
    default: return repr(in, obj);
  }
}

bool len(Interpreter& in, const ObjPtr& obj, int64_t& out) {
  if (is_tensor(obj)) {
    const Tensor& t = tensor_of(obj);
    if (t.dim() == 0) throw TorchError("TypeError", "len() of a 0-d tensor");
    out = t.sizes()[0];
    return true;
  }
  if (is_ndarray(obj)) {
    const Tensor& a = array_of(obj);
    if (a.dim() == 0) throw TorchError("TypeError", "len() of unsized object");
    out = a.sizes()[0];
    return true;
  }
  if (auto* s = obj_cast<StructSeqObj>(obj.get())) {
    out = int64_t(s->items.size());
    return true;
  }
  return storage_len(obj, out);
}

bool iterate(Interpreter& in, const ObjPtr& obj, std::vector<ObjPtr>& out) {
  if (is_tensor(obj)) {
    const Tensor& t = tensor_of(obj);
    if (t.dim() == 0) throw TorchError("TypeError", "iteration over a 0-d tensor");
    for (auto& row : tp::unbind(t, 0)) out.push_back(in.wrap_tensor(row));
    return true;
  }
  if (is_ndarray(obj)) {
    out = ndarray_iterate(in, obj);
    return true;
  }
  if (auto* s = obj_cast<StructSeqObj>(obj.get())) {
    out = s->items;
    return true;
  }
  if (module_iterate(in, obj, out)) return true;
  int64_t n;
  if (storage_len(obj, n)) {
    for (int64_t i = 0; i < n; ++i) out.push_back(in.getitem(obj, in.make_int(i)));
    return true;
  }
  return false;
}

bool truthy(Interpreter& in, const ObjPtr& obj, bool& out) {
  if (is_tensor(obj)) {
    const Tensor& t = tensor_of(obj);
    if (t.numel() == 0) throw TorchError("RuntimeError", "Boolean value of Tensor with no values is ambiguous");
    if (t.numel() > 1) throw TorchError("RuntimeError", "Boolean value of Tensor with more than one value is ambiguous");
    out = tp::item(t).to_bool();
    return true;
  }
  if (is_ndarray(obj)) {
    const Tensor& a = array_of(obj);
    if (a.numel() > 1)
      throw TorchError("ValueError", "The truth value of an array with more than one element is ambiguous. Use "
                                     "a.any() or a.all()");
    out = a.numel() == 1 && a.scalar_at(a.storage_index_of(0)).to_bool();
    return true;
  }
  if (auto* s = obj_cast<StructSeqObj>(obj.get())) {
    out = !s->items.empty();
    return true;
  }
  return false;
}

bool to_number(Interpreter& in, const ObjPtr& obj, ObjPtr& out) {
  if (!is_tensor(obj) && !is_ndarray(obj)) return false;
  const Tensor& t = is_tensor(obj) ? tensor_of(obj) : array_of(obj);
  if (t.numel() != 1)
    throw TorchError(is_tensor(obj) ? "ValueError" : "TypeError",
                     is_tensor(obj) ? "only one element tensors can be converted to Python scalars"
                                    : "only length-1 arrays can be converted to Python scalars");
  out = scalar_obj(in, t.scalar_at(t.storage_index_of(0)));
  return true;
}

}  // namespace tp::interp::lib
