// Attribute access on library objects (library.h getattr/setattr): tensor properties
// (shape, dtype, grad, grad_fn, _version, _base, T, ...) and methods from the torch.Tensor class,
// Size/dtype/device attributes, and grad_fn nodes (name(), next_functions, variable, _saved_*).
#include <algorithm>

#include "autograd/node.h"
#include "core/context.h"
#include "core/error.h"
#include "core/tensor_geometry.h"
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
      in.warn_once(triggered_internally("The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated and it "
              "will throw an error in a future release. Consider `x.mT` to transpose batches of matrices "
              "or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a tensor.",
                                       "aten/src/ATen/native/TensorShape.cpp"));
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

// Tuples of gradients for Python node hooks: None for an undefined gradient.
ObjPtr grads_tuple(Interpreter& in, const TensorList& gs) {
  std::vector<ObjPtr> items;
  for (auto& g : gs) items.push_back(wrap(in, g));
  return in.make_tuple(std::move(items));
}

// python_hook.cpp check_result: None keeps the gradients, else a tuple of as many Tensors / Nones.
std::optional<TensorList> hook_result(Interpreter& in, const ObjPtr& r, size_t expected, const std::string& name) {
  if (is_none(r)) return std::nullopt;
  if (r->kind != Kind::Tuple)
    throw TorchError("TypeError", "expected tuple, but hook returned '" + in.type_name(r) + "'");
  auto& items = cast<TupleObj>(r).items;
  if (items.size() != expected)
    throw TorchError("RuntimeError", "hook '" + name + "' has returned an incorrect number of values (got " +
                                         std::to_string(items.size()) + ", but expected " + std::to_string(expected) + ")");
  TensorList out;
  for (auto& o : items) {
    if (is_none(o)) { out.emplace_back(); continue; }
    if (!is_tensor(o))
      throw TorchError("TypeError", "expected Variable, but hook returned '" + in.type_name(o) + "'");
    out.push_back(tensor_of(o));
  }
  return out;
}

// Node.register_hook(fn(grad_inputs, grad_outputs)) / register_prehook(fn(grad_outputs)): a
// RemovableHandle whose id keys the hook on the node.
ObjPtr node_hook_registrar(Interpreter& in, const std::shared_ptr<tp::Node>& node, bool pre) {
  std::weak_ptr<tp::Node> weak = node;
  return in.make_function(pre ? "Node.register_prehook" : "Node.register_hook", [weak, pre](Interpreter& in, CallArgs& a) {
    ArgParser p(in, pre ? "register_prehook" : "register_hook", a);
    ObjPtr hook = p.required("fn", 0);
    p.finish();
    auto n = weak.lock();
    if (!n) in.raise("RuntimeError", "the node of this hook is gone");
    ObjPtr name_obj = in.getattr_or_null(hook, "__name__");
    std::string name = name_obj ? in.str(name_obj) : in.type_name(hook);
    auto handle = std::make_shared<InstanceObj>("RemovableHandle");
    int64_t key = handle->id;
    std::weak_ptr<Object> self_ref = handle;
    handle->repr_hook = [self_ref](Interpreter& in) {
      return "<torch.utils.hooks.RemovableHandle object at " + in.address_of(self_ref.lock()) + ">";
    };
    if (pre) {
      n->pre_hooks.emplace_back(key, [&in, hook, name](const TensorList& grad_outputs) {
        ObjPtr r = in.call(hook, CallArgs{{grads_tuple(in, grad_outputs)}, {}});
        return hook_result(in, r, grad_outputs.size(), name);
      });
    } else {
      n->post_hooks.emplace_back(key, [&in, hook, name](const TensorList& grad_inputs, const TensorList& grad_outputs) {
        ObjPtr r = in.call(hook, CallArgs{{grads_tuple(in, grad_inputs), grads_tuple(in, grad_outputs)}, {}});
        return hook_result(in, r, grad_inputs.size(), name);
      });
    }
    handle->set("remove", in.make_function("RemovableHandle.remove", [weak, key, pre](Interpreter& in, CallArgs&) {
      if (auto n = weak.lock()) {
        if (pre) {
          auto& v = n->pre_hooks;
          v.erase(std::remove_if(v.begin(), v.end(), [&](const auto& h) { return h.first == key; }), v.end());
        } else {
          auto& v = n->post_hooks;
          v.erase(std::remove_if(v.begin(), v.end(), [&](const auto& h) { return h.first == key; }), v.end());
        }
      }
      return in.none();
    }));
    return ObjPtr(handle);
  });
}

}  // namespace

ObjPtr node_attr_of(Interpreter& in, const ObjPtr& self, const std::shared_ptr<tp::Node>& node, const std::string& name) {
  if (name == "name") {
    // holds the node like a bound method holds its self: grad_fn of a temporary answers too
    return in.make_function("Node.name", [node](Interpreter& in, CallArgs&) { return in.make_str(node->cpp_name()); });
  }
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
  if (name == "register_hook" || name == "register_prehook") return node_hook_registrar(in, node, name == "register_prehook");
  if (name.rfind("_saved_", 0) == 0) {
    std::string want = name.substr(7);
    for (const SavedVariable& saved : node->saved_variables())
      if (const SavedVariable* sv = &saved; sv->name() == want) {
        Tensor t = sv->unpack(node.get());  // raises for released / modified saved tensors
        Tensor original = sv->tensor_if_alive();  // grad_fn._saved_result is y
        return wrap(in, original.defined() ? original : t);
      }
    // Generated nodes expose every saved slot; one the op did not need to save reads as None
    // (e.g. MulBackward0._saved_self for x * 3).
    return node->name() == "AccumulateGrad" || node->as_custom_function() ? nullptr : in.none();
  }
  return nullptr;
}

ObjPtr storage_method(Interpreter& in, const ObjPtr& self, const std::string& name);  // bindings/tensor/core_methods.cpp

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
    case Kind::Node: return node_attr_of(in, self, cast<NodeObj>(self).node, name);
    case Kind::Instance:
      if (ObjPtr m = storage_method(in, self, name)) return m;
      return function_ctx_getattr(in, self, name);
    default: return nullptr;
  }
}

bool setattr(Interpreter& in, const ObjPtr& self, const std::string& name, const ObjPtr& value) {
  if (self->kind == Kind::Instance) return function_ctx_setattr(in, self, name, value);
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
    // VariableHooks::set_data: take the new tensor's storage, geometry and dtype (shallow_copy_from),
    // keep autograd metadata and the version counter.
    const Tensor& src = tensor_of(value);
    TP_CHECK(t.device().type == src.device().type,
             "Attempted to call `variable.set_data(tensor)`, but `variable` and `tensor` have incompatible tensor type.");
    TP_CHECK(!t.requires_grad() || is_floating(src.dtype()),
             "data set to a tensor that requires gradients must be floating point or complex dtype");
    auto* impl = t.impl();
    if (src.dtype() != t.dtype() || src.device() != t.device()) impl->grad_accumulator.reset();  // metadata out of date
    impl->dtype = src.dtype();
    set_geometry(t, src.storage(), src.sizes(), src.strides(), src.storage_offset());
    return true;
  }
  return false;
}

}  // namespace tp::interp::lib
