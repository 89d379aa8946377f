// Tensor methods about autograd (backward, requires_grad_, retain_grad), Python conversions
// (item, tolist, numpy) and metadata queries (size, stride, storage_offset, data_ptr,
// untyped_storage, ...). Also the storage objects those return.
#include <cstdio>

#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "bindings/torch/memory_format.h"

namespace tp::interp::lib {

namespace {

// A storage as Python sees it: UntypedStorage (bytes) or the deprecated TypedStorage (elements).
struct StorageObj : InstanceObj {
  TP_OBJECT_SUBTYPE(Storage)
  StorageObj(StoragePtr s, std::optional<DType> dt)
      : InstanceObj(dt ? "TypedStorage" : "UntypedStorage"), storage(std::move(s)), dtype(dt) {
    subtype = kSubtype;
  }
  StoragePtr storage;
  std::optional<DType> dtype;
  int64_t length() const { return storage_length(storage, dtype); }
  Scalar at(int64_t i) const { return storage_at(storage, dtype, i); }

  // Free functions of what a storage object is made of: its methods capture these by value, never
  // the object, so a method kept after its storage object is gone (`f = t.untyped_storage().size`)
  // still works (the fuzzer found the dangling pointer).
  static int64_t storage_length(const StoragePtr& s, std::optional<DType> dt) {
    return int64_t(s->nbytes() / (dt ? itemsize(*dt) : 1));
  }
  static Scalar storage_at(const StoragePtr& s, std::optional<DType> dt, int64_t i) {
    if (!dt) return Scalar::from_int(s->data()[i]);
    Tensor t = make_tensor(s, {storage_length(s, dt)}, {1}, 0, *dt, ctx().new_version_counter());
    return t.scalar_at(i);
  }
};

std::string scalar_str(Interpreter& in, const Scalar& s) { return in.str(scalar_obj(in, s)); }

// torch.storage._warn_typed_storage_removal: once per process, whatever the line.
void typed_storage_warning(Interpreter& in) {
  in.warn_once("TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only "
               "storage class. This should only matter to you if you are using storages directly.  To access "
               "UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()");
}

// UntypedStorage.is_shared: always for CUDA, else whether the data lives in shared memory.
bool storage_is_shared(const Storage& s) { return s.device().type == Device::Type::CUDA || s.shared(); }

// UntypedStorage.share_memory_: nothing for CUDA; on CPU _share_fd_cpu_ (the default
// file_descriptor strategy) moves the bytes to shared memory once (a new data_ptr).
void share_memory(Storage& s) {
  if (s.device().type == Device::Type::CUDA) return;
  TP_CHECK(s.device().is_cpu(), "_share_fd_: only available on CPU");
  ctx().share_storage(s);
}

ObjPtr make_storage(Interpreter& in, const Tensor& t, bool typed) {
  auto o = std::make_shared<StorageObj>(t.storage(), typed ? std::optional<DType>(t.dtype()) : std::nullopt);
  StorageObj* raw = o.get();
  o->repr_hook = [raw](Interpreter& in) {
    // torch/storage.py __str__: one element per line, then the type line.
    std::string s = " ";
    for (int64_t i = 0; i < raw->length(); ++i) s += (i ? "\n " : "") + scalar_str(in, raw->at(i));
    std::string dev = raw->storage->device().str();
    std::string info = raw->dtype ? "[torch.storage.TypedStorage(dtype=" + dtype_repr(*raw->dtype) + ", device=" + dev +
                                        ") of size " + std::to_string(raw->length()) + "]"
                                  : "[torch.storage.UntypedStorage(device=" + dev + ") of size " +
                                        std::to_string(raw->length()) + "]";
    return s + "\n" + info;
  };
  auto fn = [&](const std::string& name, NativeFn f) { o->set(name, in.make_function("Storage." + name, f)); };
  StoragePtr st = t.storage();
  fn("data_ptr", [st](Interpreter& in, CallArgs&) { return in.make_int(int64_t(st->address())); });
  fn("nbytes", [st](Interpreter& in, CallArgs&) { return in.make_int(int64_t(st->nbytes())); });
  const std::optional<DType> dt = raw->dtype;
  fn("size", [st, dt](Interpreter& in, CallArgs&) { return in.make_int(StorageObj::storage_length(st, dt)); });
  fn("element_size", [dt](Interpreter& in, CallArgs&) { return in.make_int(dt ? int64_t(itemsize(*dt)) : 1); });
  fn("tolist", [st, dt](Interpreter& in, CallArgs&) {
    std::vector<ObjPtr> items;
    for (int64_t i = 0; i < StorageObj::storage_length(st, dt); ++i) items.push_back(scalar_obj(in, StorageObj::storage_at(st, dt, i)));
    return in.make_list(std::move(items));
  });
  fn("resizable", [st](Interpreter& in, CallArgs&) { return in.make_bool(st->resizable()); });
  fn("is_shared", [st](Interpreter& in, CallArgs&) { return in.make_bool(storage_is_shared(*st)); });
  o->set("device", device_obj(in, st->device()));
  if (typed) o->set("dtype", dtype_obj(in, t.dtype()));
  return o;
}

ObjPtr to_list(Interpreter& in, const Tensor& t, int64_t dim, int64_t offset) {
  if (dim == t.dim()) return scalar_obj(in, t.scalar_at(offset));
  std::vector<ObjPtr> items;
  for (int64_t i = 0; i < t.sizes()[size_t(dim)]; ++i)
    items.push_back(to_list(in, t, dim + 1, offset + i * t.strides()[size_t(dim)]));
  return in.make_list(std::move(items));
}

// torch/autograd/__init__.py: _tensor_or_tensors_to_tuple (tuple(gradient) for a non-tensor),
// then _make_grads' type check on each element.
Tensor gradient_arg(Interpreter& in, const ObjPtr& g) {
  if (is_none(g)) return Tensor();
  if (is_tensor(g)) return tensor_of(g);
  if (g->kind != Kind::List && g->kind != Kind::Tuple)
    throw TorchError("TypeError", "'" + in.type_name(g) + "' object is not iterable");
  auto items = sequence_items(in, g);
  if (items.size() != 1) throw TorchError("RuntimeError", "got " + std::to_string(items.size()) + " tensors and 1 gradients");
  if (is_none(items[0])) return Tensor();
  if (!is_tensor(items[0]))
    throw TorchError("TypeError", "gradients can be either Tensors or None, but got " + in.type_name(items[0]));
  return tensor_of(items[0]);
}

std::optional<bool> opt_bool(Interpreter& in, const ObjPtr& o) {
  if (is_none(o)) return std::nullopt;
  return in.truthy(o);
}

}  // namespace

// The storage methods that use the storage object itself, bound to it (through lib::getattr, so
// the object holds no reference to itself): resize_ (UntypedStorage's returns it, TypedStorage's
// None) and share_memory_ (returns it).
// torch/storage.py: TypedStorage.resize_(size) is the untyped resize_(size * element_size()), and
// UntypedStorage.resize_ is THPStorage_resize_ -> resize_bytes_cpu (a new buffer keeping the
// leading bytes; tensors on the storage see it).
ObjPtr storage_method(Interpreter& in, const ObjPtr& self, const std::string& name) {
  if (!obj_cast<StorageObj>(self.get())) return nullptr;
  if (name == "resize_")
    return in.bind(self, in.make_function("Storage.resize_", [](Interpreter& in, CallArgs& a) -> ObjPtr {
      ObjPtr me = a.args.at(0);
      auto& st = cast<StorageObj>(me);
      a.args.erase(a.args.begin());
      ArgParser p(in, "resize_", a);
      ObjPtr n = p.required("size", 0);
      p.finish();
      if (st.dtype) typed_storage_warning(in);
      if (n->kind != Kind::Int && n->kind != Kind::Bool)
        throw TorchError("RuntimeError", "resize_ expects an int, but got " + in.type_name(n));
      int64_t nbytes = to_int(in, n) * (st.dtype ? int64_t(itemsize(*st.dtype)) : 1);
      ctx().resize_storage(*st.storage, nbytes < 0 ? size_t(-1) : size_t(nbytes));
      return st.dtype ? in.none() : me;  // TypedStorage.resize_ returns nothing
    }));
  if (name == "share_memory_")
    return in.bind(self, in.make_function("Storage.share_memory_", [](Interpreter& in, CallArgs& a) -> ObjPtr {
      share_memory(*cast<StorageObj>(a.args.at(0)).storage);
      return a.args.at(0);
    }));
  return nullptr;
}

// Storage objects are also reached from the storage getitem/len hooks (bindings/tensor/repr.cpp).
bool storage_item(Interpreter& in, const ObjPtr& o, int64_t i, ObjPtr& out) {
  auto* s = obj_cast<StorageObj>(o.get());
  if (!s) return false;
  int64_t n = s->length();
  if (i < 0) i += n;
  if (i < 0 || i >= n) throw TorchError("IndexError", "index " + std::to_string(i) + " out of range for storage of size " + std::to_string(n));
  out = scalar_obj(in, s->at(i));
  return true;
}
// storage[i] = v: writes the byte (untyped) or element (typed) in place; every tensor on the storage
// sees it (no version counter moves: storages have none).
bool storage_set_item(Interpreter& in, const ObjPtr& o, int64_t i, const ObjPtr& value) {
  auto* s = obj_cast<StorageObj>(o.get());
  if (!s) return false;
  int64_t n = s->length();
  if (i < 0) i += n;
  if (i < 0 || i >= n) throw TorchError("IndexError", "index " + std::to_string(i) + " out of range for storage of size " + std::to_string(n));
  Scalar v = to_scalar(value);
  if (!s->dtype) {
    int64_t b = v.to_int();
    TP_CHECK(b >= 0 && b <= 255, "Value out of range (expected 0 to 255)");  // UntypedStorage.__setitem__ takes bytes
    s->storage->data()[i] = uint8_t(b);
  } else {
    Tensor t = make_tensor(s->storage, {n}, {1}, 0, *s->dtype, ctx().new_version_counter());
    t.set_at(i, v);
  }
  s->storage->mark_written();
  return true;
}
StoragePtr storage_of(const ObjPtr& o) {
  auto* s = obj_cast<StorageObj>(o.get());
  return s ? s->storage : nullptr;
}
bool storage_len(const ObjPtr& o, int64_t& out) {
  auto* s = obj_cast<StorageObj>(o.get());
  if (!s) return false;
  out = s->length();
  return true;
}

ObjPtr tensor_to_numpy(Interpreter& in, const Tensor& self, bool force) {
  if (!force && ctx().grad_enabled && self.requires_grad())
    throw TorchError("RuntimeError", "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.");
  if (!self.device().is_cpu())
    throw TorchError("TypeError", "can't convert " + self.device().str() +
                                      " device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory first.");
  ObjPtr arr = in.wrap_ndarray(share_storage(self));
  // torch's tensor_to_numpy sets the array's base to a new Python tensor over tensor.detach().
  static_cast<NdArrayObj&>(*arr).base = in.wrap_tensor(tp::detach(self));
  return arr;
}

void install_tensor_core_methods(Interpreter& in, ClassObj& tc) {
  // ---------------------------------------------------------------- autograd
  method(tc, "backward", [](Interpreter& in, Tensor& self, ArgParser& p) -> ObjPtr {
    Tensor g = gradient_arg(in, p.get("gradient", 0));
    auto retain = opt_bool(in, p.get("retain_graph", 1));
    bool create = bool_arg(in, p.get("create_graph", 2), false);
    if (!is_none(p.get("inputs", 3))) throw TorchError("RuntimeError", "backward(inputs=...) is not supported by the playground");
    tp::backward(self, g, retain, create);
    return in.none();
  });
  method(tc, "requires_grad_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::requires_grad_(self, bool_arg(in, p.get("requires_grad", 0), true)));
  });
  method(tc, "retain_grad", [](Interpreter& in, Tensor& self, ArgParser& p) -> ObjPtr {
    tp::retain_grad(self);
    return in.none();
  });
  method(tc, "register_hook", [](Interpreter& in, Tensor& self, ArgParser& p) -> ObjPtr {
    ObjPtr hook = p.get("hook", 0);
    ObjPtr name_obj = in.getattr_or_null(hook, "__name__");
    std::string name = name_obj ? in.str(name_obj) : in.type_name(hook);
    // python_hook.cpp: None keeps the gradient; a tensor replaces it if it has the same size.
    auto remove = tp::register_hook(self, [&in, hook, name](const std::shared_ptr<TensorImpl>& g) -> std::shared_ptr<TensorImpl> {
      ObjPtr result = in.call(hook, CallArgs{{in.wrap_tensor(Tensor(g))}, {}});
      if (is_none(result)) return nullptr;
      if (!is_tensor(result))
        throw TorchError("RuntimeError", "hook '" + name + "' has returned an incorrect type (expected Tensor, got " +
                                             in.type_name(result) + ")");
      const Tensor& r = tensor_of(result);
      if (r.sizes() != g->sizes) throw TorchError("RuntimeError", "hook '" + name + "' has changed the size of value");
      return r.impl_ptr();
    });
    auto handle = std::make_shared<InstanceObj>("RemovableHandle");
    std::weak_ptr<Object> self_ref = handle;
    handle->repr_hook = [self_ref](Interpreter& in) {
      return "<torch.utils.hooks.RemovableHandle object at " + in.address_of(self_ref.lock()) + ">";
    };
    handle->set("remove", in.make_function("RemovableHandle.remove", [remove](Interpreter& in, CallArgs&) {
      remove();
      return in.none();
    }));
    return handle;
  });

  // torch/_tensor.py register_post_accumulate_grad_hook: leaves only; the hook sees the leaf after
  // its .grad was accumulated and must return None (python_hook.cpp PyFunctionTensorPostAccGradHooks).
  method(tc, "register_post_accumulate_grad_hook", [](Interpreter& in, Tensor& self, ArgParser& p) -> ObjPtr {
    ObjPtr hook = p.required("hook", 0);
    if (!self.requires_grad()) throw TorchError("RuntimeError", "cannot register a hook on a tensor that doesn't require gradient");
    if (!tp::is_leaf(self)) throw TorchError("RuntimeError", "post accumulate grad hooks cannot be registered on non-leaf tensors");
    static int64_t last_handle = 0;  // only compared for equality
    int64_t id = ++last_handle;
    ObjPtr name_obj = in.getattr_or_null(hook, "__name__");
    std::string name = name_obj ? in.str(name_obj) : in.type_name(hook);
    // _call_hooks: returning None or the tensor itself is no change; anything else must pass
    // check_single_result, and a change at all fails.
    self.impl()->post_accumulate_grad_hooks.emplace_back(id, [&in, hook, name](const std::shared_ptr<TensorImpl>& leaf) {
      ObjPtr arg = in.wrap_tensor(Tensor(leaf));
      ObjPtr r = in.call(hook, CallArgs{{arg}, {}});
      if (is_none(r) || r == arg) return;
      if (!is_tensor(r)) throw TorchError("RuntimeError", "expected Variable or None (got " + in.type_name(r) + ")");
      if (tensor_of(r).sizes() != leaf->sizes)
        throw TorchError("RuntimeError", "hook '" + name + "' has changed the size of value");
      throw TorchError("RuntimeError", "Tensor post accumulate grad hooks should return None.");
    });
    std::weak_ptr<TensorImpl> owner = self.impl_ptr();
    auto handle = std::make_shared<InstanceObj>("RemovableHandle");
    std::weak_ptr<Object> self_ref = handle;
    handle->repr_hook = [self_ref](Interpreter& in) {
      return "<torch.utils.hooks.RemovableHandle object at " + in.address_of(self_ref.lock()) + ">";
    };
    handle->set("remove", in.make_function("RemovableHandle.remove", [owner, id](Interpreter& in, CallArgs&) {
      if (auto t = owner.lock()) {
        auto& hooks = t->post_accumulate_grad_hooks;
        for (auto it = hooks.begin(); it != hooks.end(); ++it)
          if (it->first == id) { hooks.erase(it); break; }
      }
      return in.none();
    }));
    return handle;
  });

  // ---------------------------------------------------------------- Python values
  method(tc, "item", [](Interpreter& in, Tensor& self, ArgParser& p) { return scalar_obj(in, tp::item(self)); });
  method(tc, "tolist", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return to_list(in, self, 0, self.storage_offset());
  });
  method(tc, "numpy", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return tensor_to_numpy(in, self, bool_arg(in, p.kw("force"), false));
  });

  // ---------------------------------------------------------------- metadata
  method(tc, "size", [](Interpreter& in, Tensor& self, ArgParser& p) -> ObjPtr {
    ObjPtr d = p.get("dim", 0);
    if (is_none(d)) return size_obj(in, self.sizes());
    return in.make_int(self.size(to_int(in, d, "argument 'dim'")));
  });
  method(tc, "stride", [](Interpreter& in, Tensor& self, ArgParser& p) -> ObjPtr {
    ObjPtr d = p.get("dim", 0);
    if (is_none(d)) return int_tuple(in, self.strides());
    return in.make_int(self.stride(to_int(in, d, "argument 'dim'")));
  });
  method(tc, "dim", [](Interpreter& in, Tensor& self, ArgParser& p) { return in.make_int(self.dim()); });
  tc.set("ndimension", tc.get("dim"));
  method(tc, "numel", [](Interpreter& in, Tensor& self, ArgParser& p) { return in.make_int(self.numel()); });
  tc.set("nelement", tc.get("numel"));
  method(tc, "storage_offset", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.make_int(self.storage_offset());
  });
  method(tc, "data_ptr", [](Interpreter& in, Tensor& self, ArgParser& p) { return in.make_int(int64_t(self.data_ptr())); });
  method(tc, "element_size", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.make_int(int64_t(self.element_size()));
  });
  method(tc, "is_contiguous", [](Interpreter& in, Tensor& self, ArgParser& p) {
    ObjPtr f = p.get("memory_format", 0);
    MemoryFormat fmt = opt_memory_format(in, f, "is_contiguous").value_or(MemoryFormat::Contiguous);
    return in.make_bool(is_contiguous_in(self.sizes(), self.strides(), fmt));
  });
  method(tc, "is_inference", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.make_bool(self.impl()->is_inference);
  });
  method(tc, "is_floating_point", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.make_bool(is_floating(self.dtype()));
  });
  method(tc, "get_device", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.make_int(self.device().is_cpu() ? -1 : self.device().index);
  });
  method(tc, "untyped_storage", [](Interpreter& in, Tensor& self, ArgParser& p) { return make_storage(in, self, false); });
  method(tc, "storage", [](Interpreter& in, Tensor& self, ArgParser& p) {
    typed_storage_warning(in);
    return make_storage(in, self, true);
  });
  // torch/_tensor.py: share_memory_ (self._typed_storage()._share_memory_(); returns self) and is_shared.
  method(tc, "share_memory_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    share_memory(*self.storage());
    return in.wrap_tensor(self);
  });
  method(tc, "is_shared", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.make_bool(storage_is_shared(*self.storage()));
  });
  method(tc, "index_select", [](Interpreter& in, Tensor& self, ArgParser& p) {
    int64_t dim = to_int(in, p.required("dim", 0), "argument 'dim'");
    return in.wrap_tensor(tp::index_select(self, dim, tensor_arg(in, p.required("index", 1), "index_select", "index", 3)));
  });
  method(tc, "masked_select", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::masked_select(self, tensor_arg(in, p.required("mask", 0), "masked_select", "mask", 2)));
  });
}

}  // namespace tp::interp::lib
