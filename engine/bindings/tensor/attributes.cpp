// Attribute access on library objects (library.h getattr/setattr): tensor properties
// (shape, dtype, grad, grad_fn, _version, _base, T, ...) and methods from the torch.Tensor class,
// Size/dtype/device attributes, and grad_fn nodes (name(), next_functions, variable, _saved_*).
#include "autograd/node.h"
#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "python/library.h"

namespace tp::interp::lib {

ObjPtr ndarray_getattr(Interpreter& in, const ObjPtr& self, const std::string& name);  // bindings/numpy/ndarray.cpp

namespace {

ObjPtr tensor_property(Interpreter& in, const ObjPtr& self, const std::string& name) {
  const Tensor& t = tensor_of(self);
  auto* impl = t.impl();
  if (name == "shape") return size_obj(in, t.sizes());
  if (name == "dtype") return dtype_obj(in, t.dtype());
  if (name == "device") return device_obj(in, t.device());
  if (name == "is_cuda") return in.make_bool(t.device().type == Device::Type::CUDA);
  if (name == "is_cpu") return in.make_bool(t.device().is_cpu());
  if (name == "is_mps") return in.make_bool(t.device().type == Device::Type::MPS);
  if (name == "ndim") return in.make_int(t.dim());
  if (name == "data") return in.wrap_tensor(tp::data(t));
  if (name == "grad") return wrap(in, tp::get_grad(t));
  if (name == "grad_fn") return node_obj(in, tp::grad_fn(t));
  if (name == "is_leaf") return in.make_bool(tp::is_leaf(t));
  if (name == "requires_grad") return in.make_bool(t.requires_grad());
  if (name == "retains_grad") return in.make_bool(!t.is_leaf() && impl->retains_grad);
  if (name == "_version") return in.make_int(t.version());
  if (name == "_base") return impl->base ? in.wrap_tensor(Tensor(impl->base)) : in.none();
  if (name == "output_nr") return in.make_int(impl->output_nr);
  if (name == "itemsize") return in.make_int(int64_t(t.element_size()));
  if (name == "nbytes") return in.make_int(t.numel() * int64_t(t.element_size()));
  if (name == "is_sparse" || name == "is_quantized" || name == "is_meta" || name == "is_complex")
    return in.make_bool(false);
  if (name == "T") {
    if (t.dim() != 2 && t.dim() != 0)
      in.warn_once("The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated and it "
              "will throw an error in a future release. Consider `x.mT` to transpose batches of matrices "
              "or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a tensor.");
    Shape dims;
    for (int64_t d = t.dim() - 1; d >= 0; --d) dims.push_back(d);
    return in.wrap_tensor(tp::permute(t, dims));
  }
  // TensorShape.cpp matrix_H / _adjoint: for real tensors H is transpose(-2, -1) of a matrix, mH of
  // a matrix or batch; a 0-dim tensor is returned as it is.
  if (name == "H") {
    if (t.dim() != 2 && t.dim() != 0)
      throw TorchError("RuntimeError", "tensor.H is only supported on matrices (2-D tensors). Got " +
                                           std::to_string(t.dim()) + "-D tensor." +
                                           (t.dim() > 2 ? " For batches of matrices, consider using tensor.mH" : ""));
    return t.dim() == 0 ? in.wrap_tensor(t) : in.wrap_tensor(tp::transpose(t, -2, -1));
  }
  if (name == "mH") {
    if (t.dim() == 1)
      throw TorchError("RuntimeError", "tensor.mH is only supported on matrices or batches of matrices. Got 1-D tensor.");
    return t.dim() == 0 ? in.wrap_tensor(t) : in.wrap_tensor(tp::transpose(t, -2, -1));
  }
  if (name == "mT") {
    if (t.dim() < 2)
      throw TorchError("RuntimeError", "tensor.mT is only supported on matrices or batches of matrices. Got " +
                                           std::to_string(t.dim()) + "-D tensor.");
    return in.wrap_tensor(tp::transpose(t, -2, -1));
  }
  return nullptr;
}

ObjPtr node_attr(Interpreter& in, const ObjPtr& self, const std::string& name) {
  auto node = cast<NodeObj>(self).node;
  if (name == "name")
    return in.bind(self, in.make_function("Node.name", [](Interpreter& in, CallArgs& a) {
      return in.make_str(cast<NodeObj>(a.args[0]).node->cpp_name());
    }));
  if (name == "next_functions") {
    std::vector<ObjPtr> pairs;
    for (auto& e : node->next_edges)
      pairs.push_back(in.make_tuple({node_obj(in, e.function), in.make_int(int64_t(e.input_nr))}));
    return in.make_tuple(std::move(pairs));
  }
  if (name == "variable") {
    if (auto* acc = node ? node->as_accumulate_grad() : nullptr) return in.wrap_tensor(Tensor(acc->variable));
    return nullptr;
  }
  if (name == "metadata") return in.make_dict();
  if (name.rfind("_saved_", 0) == 0) {
    std::string want = name.substr(7);
    for (const SavedVariable* sv : node->saved_variables())
      if (sv->name() == want) {
        Tensor t = sv->unpack(node.get());  // raises for released / modified saved tensors
        Tensor original = sv->tensor_if_alive();  // grad_fn._saved_result is y
        return wrap(in, original.defined() ? original : t);
      }
    // Generated nodes expose every saved slot; one the op did not need to save reads as None
    // (e.g. MulBackward0._saved_self for x * 3).
    return node->name() == "AccumulateGrad" ? nullptr : in.none();
  }
  return nullptr;
}

}  // namespace

ObjPtr getattr(Interpreter& in, const ObjPtr& self, const std::string& name) {
  switch (self->kind) {
    case Kind::Tensor: {
      if (ObjPtr v = tensor_property(in, self, name)) return v;
      auto& st = state(in);
      std::shared_ptr<ClassObj> cls = st.tensor_class;
      if (ObjPtr m = cls->get(name)) return m->kind == Kind::Function ? in.bind(self, m) : m;
      return nullptr;
    }
    case Kind::NdArray: return ndarray_getattr(in, self, name);
    case Kind::Size:
      if (name == "numel")
        return in.bind(self, in.make_function("Size.numel", [](Interpreter& in, CallArgs& a) {
          return in.make_int(shape_numel(cast<SizeObj>(a.args[0]).dims));
        }));
      return nullptr;
    case Kind::DType: {
      DType d = cast<DTypeObj>(self).dtype;
      if (name == "is_floating_point") return in.make_bool(is_floating(d));
      if (name == "is_complex") return in.make_bool(false);
      if (name == "is_signed") return in.make_bool(d != DType::Bool && d != DType::UInt8);
      if (name == "itemsize") return in.make_int(int64_t(itemsize(d)));
      return nullptr;
    }
    case Kind::Device: {
      auto& dv = cast<DeviceObj>(self).device;
      auto* l = obj_cast<LibDeviceObj>(self.get());
      if (name == "type") return in.make_str(dv.type_name());
      if (name == "index") return (l ? l->has_index : !dv.is_cpu()) ? in.make_int(dv.index) : in.none();
      return nullptr;
    }
    case Kind::Node: return node_attr(in, self, name);
    default: return nullptr;
  }
}

bool setattr(Interpreter& in, const ObjPtr& self, const std::string& name, const ObjPtr& value) {
  if (self->kind != Kind::Tensor) return false;
  const Tensor& t = tensor_of(self);
  if (name == "requires_grad") {
    if (!value || value->kind != Kind::Bool) throw TorchError("RuntimeError", "requires_grad must be a bool");
    tp::set_requires_grad_attr(t, cast<BoolObj>(value).value);
    return true;
  }
  if (name == "grad") {
    if (!is_none(value) && !is_tensor(value))
      throw TorchError("TypeError", "assigned grad expected to be a Tensor or None but got grad of type " +
                                        in.type_name(value));
    tp::set_grad(t, is_none(value) ? Tensor() : tensor_of(value));
    return true;
  }
  if (name == "data") {
    if (!is_tensor(value))
      throw TorchError("TypeError", "Variable data has to be a tensor, but got " + in.type_name(value));
    // VariableHooks::set_data: take the new tensor's storage and geometry, keep autograd metadata
    // and the version counter (shallow_copy_from).
    const Tensor& src = tensor_of(value);
    auto* impl = t.impl();
    impl->storage = src.storage();
    impl->sizes = src.sizes();
    impl->strides = src.strides();
    impl->storage_offset = src.storage_offset();
    impl->dtype = src.dtype();
    return true;
  }
  return false;
}

}  // namespace tp::interp::lib
