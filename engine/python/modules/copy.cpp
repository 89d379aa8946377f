// Python's `copy` module: deepcopy memoised by identity (tensors through tp::deepcopy, nn.Module
// instances attribute by attribute) and copy.copy (a tensor copy shares its storage).
#include <unordered_map>

#include "autograd/deepcopy.h"
#include "core/error.h"
#include "bindings/install.h"
#include "python/library.h"
#include "python/objects/bytes.h"
#include "python/objects/set_algorithms.h"

namespace tp::interp::lib {

namespace {

// objects by identity, and storages: tensors that shared a storage share its one copy
// (torch/storage.py UntypedStorage.__deepcopy__ memoises by storage)
struct Memo {
  std::unordered_map<const Object*, ObjPtr> objects;
  StorageMemo storages;
};

ObjPtr deepcopy(Interpreter& in, const ObjPtr& o, Memo& memo) {
  Interpreter::RecursionScope scope(in, "");
  auto hit = memo.objects.find(o.get());
  if (hit != memo.objects.end()) return hit->second;
  ObjPtr out;
  switch (o->kind) {
    case Kind::Tensor: {
      const Tensor& t = tensor_of(o);
      Tensor c = tp::deepcopy(t, &memo.storages);
      c.impl()->is_parameter = t.impl()->is_parameter;
      out = in.wrap_tensor(c);
      break;
    }
    case Kind::NdArray: out = in.wrap_ndarray(tp::clone(array_of(o))); break;
    case Kind::Bytes:  // a bytearray is copied (new memory); bytes are immutable and shared
      out = cast<BytesObj>(o).is_bytearray ? make_bytes(bytes_value(cast<BytesObj>(o)), true) : o;
      break;
    case Kind::List: {
      auto l = std::make_shared<ListObj>();
      memo.objects[o.get()] = l;  // before the items: self-referencing lists
      for (auto& it : cast<ListObj>(o).items) l->items.push_back(deepcopy(in, it, memo));
      return l;
    }
    case Kind::Tuple: {
      std::vector<ObjPtr> items;
      for (auto& it : cast<TupleObj>(o).items) items.push_back(deepcopy(in, it, memo));
      out = in.make_tuple(std::move(items));
      break;
    }
    case Kind::Dict: {
      auto d = std::make_shared<DictObj>();
      memo.objects[o.get()] = d;
      for (auto& [k, v] : cast<DictObj>(o).items) d->items.push_back({deepcopy(in, k, memo), deepcopy(in, v, memo)});
      return d;
    }
    case Kind::Set: {  // set.__reduce__: set(list(self)), the elements re-added in iteration order
      std::vector<ObjPtr> items;
      for (auto& it : cast<SetObj>(o).table.keys()) items.push_back(deepcopy(in, it, memo));
      out = make_new_set(in, cast<SetObj>(o).frozen, in.make_list(std::move(items)));
      break;
    }
    case Kind::Instance: {
      auto& src = cast<InstanceObj>(o);
      if (obj_cast<StructSeqObj>(o.get()) || src.type_name == "Generator") return o;
      auto inst = std::make_shared<InstanceObj>(src.type_name);
      inst->cls = src.cls;
      inst->repr_hook = src.repr_hook;
      inst->call_hook = src.call_hook;
      memo.objects[o.get()] = inst;
      for (auto& k : src.attr_order) inst->set(k, deepcopy(in, src.attrs.at(k), memo));
      return inst;
    }
    default: out = o; break;  // immutable or shared (numbers, str, None, functions, dtypes, modules)
  }
  memo.objects[o.get()] = out;
  return out;
}

ObjPtr shallow_copy(Interpreter& in, const ObjPtr& o) {
  switch (o->kind) {
    case Kind::List: return in.make_list(cast<ListObj>(o).items);
    case Kind::Bytes: return cast<BytesObj>(o).is_bytearray ? make_bytes(bytes_value(cast<BytesObj>(o)), true) : o;
    case Kind::Dict: return in.make_dict(cast<DictObj>(o).items);
    case Kind::Set:  // set.copy(); a frozenset is immutable, so copy.copy returns it
      return cast<SetObj>(o).frozen ? o : ObjPtr(set_copy(in, std::static_pointer_cast<SetObj>(o)));
    case Kind::Tensor: {
      // Tensor.__reduce_ex__ rebuilds over the same storage, keeping requires_grad.
      const Tensor& t = tensor_of(o);
      Tensor c = share_storage(t);
      if (t.requires_grad() && t.is_leaf()) tp::requires_grad_(c, true);
      return in.wrap_tensor(c);
    }
    case Kind::Instance: {
      auto& src = cast<InstanceObj>(o);
      auto inst = std::make_shared<InstanceObj>(src.type_name);
      inst->cls = src.cls;
      inst->repr_hook = src.repr_hook;
      inst->call_hook = src.call_hook;
      for (auto& k : src.attr_order) inst->set(k, src.attrs.at(k));
      return inst;
    }
    default: return o;
  }
}

}  // namespace

void install_copy_module(Interpreter& in) {
  auto copy = std::make_shared<ModuleObj>("copy");
  def(*copy, "copy.", "deepcopy", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "deepcopy", a);
    ObjPtr x = p.required("x", 0);
    p.get("memo", 1);
    p.finish();
    Memo memo;
    return deepcopy(in, x, memo);
  });
  def(*copy, "copy.", "copy", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "copy", a);
    ObjPtr x = p.required("x", 0);
    p.finish();
    return shallow_copy(in, x);
  });
  in.register_module("copy", copy);
}

}  // namespace tp::interp::lib
