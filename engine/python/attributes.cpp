// obj.name and obj[index] (get, set, delete) for builtin kinds, instances, classes and modules;
// tensors and library objects go to lib:: (library.h).
#include <algorithm>

#include "core/error.h"
#include "python/pytorch_names.h"
#include "python/objects/dict_index.h"
#include "python/args.h"
#include "python/interp_impl.h"
#include "python/modules/collections.h"
#include "python/objects/methods.h"
#include "python/library.h"
#include "python/objects/bytes.h"

namespace tp::interp {

namespace {
bool is_lib_kind(Kind k) {
  return k == Kind::Tensor || k == Kind::NdArray || k == Kind::Size || k == Kind::DType || k == Kind::Device ||
         k == Kind::Node;
}
}  // namespace

// Python's slice.indices() (declared in args.h).
int64_t slice_indices(Interpreter& in, const SliceObj& s, int64_t n, int64_t& start, int64_t& stop, int64_t& step) {
  auto idx = [&](const ObjPtr& v, int64_t& out) -> bool {
    if (is_none(v)) return false;
    if (v->kind != Kind::Int && v->kind != Kind::Bool) {
      ObjPtr num;
      if ((v->kind == Kind::Tensor || v->kind == Kind::NdArray) && lib::to_number(in, v, num) && num->kind == Kind::Int) {
        out = static_cast<IntObj&>(*num).value;
        return true;
      }
      throw TorchError("TypeError", "slice indices must be integers or None or have an __index__ method");
    }
    out = to_int(in, v);
    return true;
  };
  step = 1;
  idx(s.step, step);
  if (step == 0) throw TorchError("ValueError", "slice step cannot be zero");
  int64_t v;
  if (!idx(s.start, v)) {
    start = step < 0 ? n - 1 : 0;
  } else {
    if (v < 0) v += n;
    start = v < 0 ? (step < 0 ? -1 : 0) : v >= n ? (step < 0 ? n - 1 : n) : v;
  }
  if (!idx(s.stop, v)) {
    stop = step < 0 ? -1 : n;
  } else {
    if (v < 0) v += n;
    stop = v < 0 ? (step < 0 ? -1 : 0) : v >= n ? (step < 0 ? n - 1 : n) : v;
  }
  if (step > 0) return start < stop ? (stop - start - 1) / step + 1 : 0;
  return stop < start ? (start - stop - 1) / (-step) + 1 : 0;
}

// ---------------------------------------------------------------- attributes

ObjPtr Interpreter::getattr_or_null(const ObjPtr& o, const std::string& name) {
  auto& impl = *impl_;
  if (name == "__class__") return impl.class_of(o);
  switch (o->kind) {
    case Kind::Module: {
      auto& m = static_cast<ModuleObj&>(*o);
      if (ObjPtr v = m.get(name)) return v;
      if (name == "__name__") return make_str(m.module_name);
      if (auto sub = find_module(m.module_name + "." + name)) return sub;
      return nullptr;
    }
    case Kind::Class: {
      auto& c = static_cast<ClassObj&>(*o);
      if (ObjPtr v = impl.class_lookup(c, name))
        return v->kind == Kind::Instance ? impl.resolve_class_attr(v, nullptr, std::static_pointer_cast<ClassObj>(o)) : v;
      if (!c.is_user) {  // an unbound builtin method: str.lower, list.append (key=str.lower, map(str.strip, ...))
        static const std::pair<const char*, const std::unordered_map<std::string, NativeFn>& (*)()> tables[] = {
            {"str", str_methods}, {"list", list_methods}, {"tuple", tuple_methods}, {"dict", dict_methods},
            {"set", set_methods}, {"frozenset", frozenset_methods}};
        for (auto& [type, table] : tables) {
          if (c.class_name != type) continue;
          auto m = table().find(name);
          if (m == table().end()) break;
          std::string cls_name = type, method = name;
          NativeFn fn = m->second;
          return make_function(cls_name + "." + method, [cls_name, method, fn](Interpreter& in, CallArgs& a) -> ObjPtr {
            if (a.args.empty())
              throw TorchError("TypeError", "unbound method " + cls_name + "." + method + "() needs an argument");
            if (in.type_name(a.args[0]) != cls_name)
              throw TorchError("TypeError", "descriptor '" + method + "' for '" + cls_name + "' objects doesn't apply to a '" +
                                                in.type_name(a.args[0]) + "' object");
            return fn(in, a);
          });
        }
      }
      if (name == "__name__") return make_str(c.class_name);
      if (name == "__qualname__") return make_str(c.class_name);
      if (name == "__bases__") {
        std::vector<ObjPtr> b(c.bases.begin(), c.bases.end());
        return make_tuple(std::move(b));
      }
      return nullptr;
    }
    case Kind::Instance: {
      auto& inst = static_cast<InstanceObj&>(*o);
      if (auto* sup = obj_cast<SuperObj>(o.get())) {
        for (auto& b : sup->start->bases)
          if (ObjPtr v = impl.class_lookup(*b, name)) return impl.resolve_class_attr(v, sup->self, impl.class_of(sup->self));
        if (name == "__init__" && sup->self->kind == Kind::Exception) {  // BaseException.__init__
          ObjPtr self = sup->self;
          return make_function("BaseException.__init__", [self](Interpreter& in, CallArgs& a) {
            auto& e = static_cast<ExceptionObj&>(*self);
            e.args = a.args;
            e.message = in.str(self);
            return in.none();
          });
        }
        if (name == "__init__")  // object.__init__
          return make_function("object.__init__", [](Interpreter& in, CallArgs&) { return in.none(); });
        return nullptr;
      }
      // a property (a data descriptor) of a user class wins over the instance's own attributes
      if (inst.cls && inst.cls->is_user) {
        ObjPtr v = impl.class_lookup(*inst.cls, name);
        if (auto* d = obj_cast<DescriptorObj>(v.get()); d && d->what == DescriptorObj::What::Property)
          return impl.resolve_class_attr(v, o, inst.cls);
      }
      if (ObjPtr v = inst.get(name)) return v;
      if (auto cls = impl.class_of(o))
        if (ObjPtr v = impl.class_lookup(*cls, name)) return impl.resolve_class_attr(v, o, cls);
      if (name == "__dict__") {
        auto d = std::make_shared<DictObj>();
        for (auto& k : inst.attr_order) d->items.push_back({make_str(k), inst.attrs[k]});
        return d;
      }
      return lib::getattr(*this, o, name);
    }
    case Kind::Exception: {
      auto& e = static_cast<ExceptionObj&>(*o);
      if (name == "args") return make_tuple(e.args);
      if (ObjPtr v = e.get(name)) return v;
      if (auto cls = impl.class_of(o); cls && cls->is_user)
        if (ObjPtr v = impl.class_lookup(*cls, name)) return impl.resolve_class_attr(v, o, cls);
      return nullptr;
    }
    case Kind::UserFunction: {
      auto& f = static_cast<UserFunctionObj&>(*o);
      if (name == "__name__") return make_str(f.code->name);
      if (name == "__qualname__") return make_str(f.qualname);
      if (name == "__module__") return make_str("__main__");
      if (name == "__doc__") {
        if (!f.code->body.empty() && f.code->body[0]->kind == StmtKind::Expr) {
          auto& v = *static_cast<const ExprStmt&>(*f.code->body[0]).value;
          if (v.kind == ExprKind::Str) return make_str(static_cast<const StrLit&>(v).value);
        }
        return none();
      }
      return nullptr;
    }
    case Kind::Function: {
      auto& f = static_cast<FunctionObj&>(*o);
      if (name == "__name__") return make_str(f.name.substr(f.name.rfind('.') + 1));
      if (name == "__qualname__") return make_str(f.name);
      return nullptr;
    }
    case Kind::BoundMethod: {
      auto& b = static_cast<BoundMethodObj&>(*o);
      if (name == "__self__") return b.self;
      if (name == "__func__") return b.fn;
      return getattr_or_null(b.fn, name);
    }
    case Kind::Range: case Kind::Slice: {
      bool r = o->kind == Kind::Range;
      if (name == "start") return r ? make_int(static_cast<RangeObj&>(*o).start) : static_cast<SliceObj&>(*o).start;
      if (name == "stop") return r ? make_int(static_cast<RangeObj&>(*o).stop) : static_cast<SliceObj&>(*o).stop;
      if (name == "step") return r ? make_int(static_cast<RangeObj&>(*o).step) : static_cast<SliceObj&>(*o).step;
      return impl.builtin_method(o, name);
    }
    default: break;
  }
  if (is_lib_kind(o->kind) || o->kind == Kind::ContextManager) {
    if (ObjPtr v = lib::getattr(*this, o, name)) return v;
    if (o->kind == Kind::Size) return impl.builtin_method(o, name);  // a tuple's count/index
    return nullptr;
  }
  return impl.builtin_method(o, name);
}

// A library class's owner in the name lists: "torch.Tensor", "torch.nn.Linear" ("" if not known).
std::string lib::class_owner(const ClassObj& c) {
  if (c.is_user) return "";
  ObjPtr m = c.get("__module__");
  return m && m->kind == Kind::Str ? static_cast<StrObj&>(*m).value + "." + c.class_name : "";
}

void Interpreter::check_full_only(const ObjPtr& o, const std::string& name) {
  if (o->kind == Kind::Module) return lib::check_full_only(static_cast<ModuleObj&>(*o).module_name, name);
  // A class (or an instance's class) and its bases: `self.x` in a subclass of nn.Module asks nn.Module.
  std::vector<std::shared_ptr<ClassObj>> todo;
  if (o->kind == Kind::Class) todo.push_back(std::static_pointer_cast<ClassObj>(o));
  else if (auto c = impl_->class_of(o)) todo.push_back(c);
  for (size_t i = 0; i < todo.size() && i < 64; ++i) {
    std::string owner = lib::class_owner(*todo[i]);
    if (!owner.empty()) lib::check_full_only(owner, name);
    todo.insert(todo.end(), todo[i]->bases.begin(), todo[i]->bases.end());
  }
}

ObjPtr Interpreter::getattr(const ObjPtr& o, const std::string& name) {
  if (ObjPtr v = getattr_or_null(o, name)) return v;
  check_full_only(o, name);
  // Note [Not built yet] (pytorch_names.cpp): PyTorch has it, the playground does not.
  std::string owner = o->kind == Kind::Module ? static_cast<ModuleObj&>(*o).module_name
                      : type_name(o) == "Tensor" ? "torch.Tensor" : "";
  if (!owner.empty() && pytorch_has(owner, name)) impl_->throw_error("AttributeError", not_built_message(owner, name));
  if (o->kind == Kind::Module)
    impl_->throw_error("AttributeError", "module '" + static_cast<ModuleObj&>(*o).module_name +
                                             "' has no attribute '" + name + "'");
  if (o->kind == Kind::Class)
    impl_->throw_error("AttributeError",
                       "type object '" + static_cast<ClassObj&>(*o).class_name + "' has no attribute '" + name + "'");
  impl_->throw_error("AttributeError", "'" + type_name(o) + "' object has no attribute '" + name + "'");
}

void Interpreter::setattr(const ObjPtr& o, const std::string& name, const ObjPtr& value) {
  auto& impl = *impl_;
  switch (o->kind) {
    case Kind::Instance: {
      auto& inst = static_cast<InstanceObj&>(*o);
      if (auto cls = impl.class_of(o)) {
        ObjPtr hook = impl.class_lookup(*cls, value ? "__setattr__" : "__delattr__");
        if (hook) {
          CallArgs a;
          a.args = {o, make_str(name)};
          if (value) a.args.push_back(value);
          call(hook, a);
          return;
        }
      }
      if (impl.set_through_property(o, name, value)) return;
      if (value) {
        if (lib::setattr(*this, o, name, value)) return;
        inst.set(name, value);
        return;
      }
      if (!inst.attrs.erase(name)) break;
      inst.attr_order.erase(std::find(inst.attr_order.begin(), inst.attr_order.end(), name));
      return;
    }
    case Kind::Module: case Kind::Class: {
      auto& a = static_cast<AttrObj&>(*o);
      if (value) {
        a.set(name, value);
        return;
      }
      if (!a.attrs.erase(name)) break;
      a.attr_order.erase(std::find(a.attr_order.begin(), a.attr_order.end(), name));
      return;
    }
    case Kind::Exception: {
      auto& e = static_cast<ExceptionObj&>(*o);
      if (value && name == "args") {
        e.args = iterate(value);
        e.message = str(o);
        return;
      }
      for (auto it = e.attrs.begin(); it != e.attrs.end(); ++it)
        if (it->first == name) {
          if (value) it->second = value;
          else e.attrs.erase(it);
          return;
        }
      if (!value) break;
      e.attrs.push_back({name, value});
      return;
    }
    default:
      if (is_lib_kind(o->kind) && value && lib::setattr(*this, o, name, value)) return;
      break;
  }
  if (o->kind == Kind::Module)
    impl.throw_error("AttributeError", "module '" + static_cast<ModuleObj&>(*o).module_name +
                                           "' has no attribute '" + name + "'");
  impl.throw_error("AttributeError", "'" + type_name(o) + "' object has no attribute '" + name + "'");
}

// ---------------------------------------------------------------- items

// A list/tuple/str/bytes index (args.h).
bool as_index(Interpreter& in, const ObjPtr& idx, int64_t& out) {
  if (idx->kind == Kind::Int || idx->kind == Kind::Bool) {
    out = to_int(in, idx);
    return true;
  }
  if (idx->kind == Kind::Tensor || idx->kind == Kind::NdArray) {
    ObjPtr num;
    if (lib::to_number(in, idx, num) && (num->kind == Kind::Int || num->kind == Kind::Bool)) {
      out = to_int(in, num);
      return true;
    }
    throw TorchError("TypeError", "only integer tensors of a single element can be converted to an index");
  }
  return false;
}

// Position of `key` in a dict, or -1 (hash-first semantics: tensors compare by identity).
static int64_t dict_find(Interpreter& in, DictObj& d, const ObjPtr& key) { return dict_lookup(in, d, key); }

ObjPtr Interpreter::getitem(const ObjPtr& o, const ObjPtr& idx) {
  auto& impl = *impl_;
  int64_t i;
  switch (o->kind) {
    case Kind::Bytes: return bytes_getitem(*this, o, idx);
    case Kind::List: case Kind::Tuple: case Kind::Str: case Kind::Range: case Kind::Size: {
      bool is_list = o->kind == Kind::List, is_str = o->kind == Kind::Str;
      std::vector<std::string> chars;
      if (is_str) chars = utf8_chars(static_cast<StrObj&>(*o).value);
      int64_t n = is_str ? int64_t(chars.size()) : len(o);
      auto item_at = [&](int64_t k) -> ObjPtr {
        switch (o->kind) {
          case Kind::List: return static_cast<ListObj&>(*o).items[size_t(k)];
          case Kind::Tuple: return static_cast<TupleObj&>(*o).items[size_t(k)];
          case Kind::Str: return make_str(chars[size_t(k)]);
          case Kind::Range: return make_int(static_cast<RangeObj&>(*o).start + k * static_cast<RangeObj&>(*o).step);
          default: return make_int(static_cast<SizeObj&>(*o).dims[size_t(k)]);
        }
      };
      if (idx->kind == Kind::Slice) {
        int64_t start, stop, step;
        int64_t count = slice_indices(*this, static_cast<SliceObj&>(*idx), n, start, stop, step);
        if (o->kind == Kind::Range) {
          auto& r = static_cast<RangeObj&>(*o);
          auto out = std::make_shared<RangeObj>();
          out->start = r.start + start * r.step;
          out->step = r.step * step;
          out->stop = out->start + count * out->step;
          return out;
        }
        if (is_str) {
          std::string s;
          for (int64_t k = 0; k < count; ++k) s += chars[size_t(start + k * step)];
          return make_str(std::move(s));
        }
        if (o->kind == Kind::Size) {
          auto out = std::make_shared<SizeObj>();
          for (int64_t k = 0; k < count; ++k) out->dims.push_back(static_cast<SizeObj&>(*o).dims[size_t(start + k * step)]);
          return out;
        }
        std::vector<ObjPtr> items;
        for (int64_t k = 0; k < count; ++k) items.push_back(item_at(start + k * step));
        return is_list ? make_list(std::move(items)) : make_tuple(std::move(items));
      }
      if (!as_index(*this, idx, i)) {
        if (o->kind == Kind::Size) {
          if (ObjPtr r = lib::getitem(*this, o, idx)) return r;
        }
        std::string what = is_list ? "list" : o->kind == Kind::Tuple || o->kind == Kind::Size ? "tuple"
                                   : is_str ? "string" : "range";
        impl.throw_error("TypeError", what + " indices must be integers or slices, not " + type_name(idx));
      }
      if (i < 0) i += n;
      if (i < 0 || i >= n) {
        const char* what = is_list ? "list" : o->kind == Kind::Tuple || o->kind == Kind::Size ? "tuple"
                                   : is_str ? "string" : "range object";
        impl.throw_error("IndexError", std::string(what) + " index out of range");
      }
      return item_at(i);
    }
    case Kind::Dict: {
      auto& d = static_cast<DictObj&>(*o);
      int64_t k = dict_find(*this, d, idx);
      if (k < 0 && d.flavor != DictObj::Flavor::Dict)
        if (ObjPtr v = dict_missing(*this, o, idx)) return v;  // defaultdict / Counter __missing__
      if (k < 0) {
        PyException e = impl.make_error("KeyError", repr(idx));
        e.exc->args = {idx};
        throw e;
      }
      return d.items[size_t(k)].second;
    }
    case Kind::Instance: {
      auto cls = impl.class_of(o);
      if (ObjPtr m = cls ? impl.class_lookup(*cls, "__getitem__") : nullptr) {
        CallArgs a;
        a.args = {o, idx};
        return call(m, a);
      }
      if (ObjPtr r = lib::getitem(*this, o, idx)) return r;
      break;
    }
    case Kind::Class:
      break;
    default:
      if (ObjPtr r = lib::getitem(*this, o, idx)) return r;
      break;
  }
  if (o->kind == Kind::Class)
    impl.throw_error("TypeError", "type '" + static_cast<ClassObj&>(*o).class_name + "' is not subscriptable");
  impl.throw_error("TypeError", "'" + type_name(o) + "' object is not subscriptable");
}

void Interpreter::setitem(const ObjPtr& o, const ObjPtr& idx, const ObjPtr& value) {
  auto& impl = *impl_;
  switch (o->kind) {
    case Kind::Bytes:
      if (!static_cast<BytesObj&>(*o).is_bytearray) break;  // bytes are immutable
      bytes_setitem(*this, o, idx, value);
      return;
    case Kind::List: {
      auto& l = static_cast<ListObj&>(*o);
      int64_t n = int64_t(l.items.size());
      if (idx->kind == Kind::Slice) {
        int64_t start, stop, step;
        int64_t count = slice_indices(*this, static_cast<SliceObj&>(*idx), n, start, stop, step);
        if (!value) {  // del l[a:b:c]
          std::vector<bool> drop(size_t(n), false);
          for (int64_t k = 0; k < count; ++k) drop[size_t(start + k * step)] = true;
          std::vector<ObjPtr> kept;
          for (int64_t k = 0; k < n; ++k)
            if (!drop[size_t(k)]) kept.push_back(l.items[size_t(k)]);
          l.items = std::move(kept);
          return;
        }
        std::vector<ObjPtr> items = iterate(value);
        if (step == 1) {
          if (stop < start) stop = start;
          l.items.erase(l.items.begin() + long(start), l.items.begin() + long(stop));
          l.items.insert(l.items.begin() + long(start), items.begin(), items.end());
          return;
        }
        if (int64_t(items.size()) != count)
          impl.throw_error("ValueError", "attempt to assign sequence of size " + std::to_string(items.size()) +
                                             " to extended slice of size " + std::to_string(count));
        for (int64_t k = 0; k < count; ++k) l.items[size_t(start + k * step)] = items[size_t(k)];
        return;
      }
      int64_t i;
      if (!as_index(*this, idx, i))
        impl.throw_error("TypeError", "list indices must be integers or slices, not " + type_name(idx));
      if (i < 0) i += n;
      if (i < 0 || i >= n)
        impl.throw_error("IndexError", value ? "list assignment index out of range" : "list index out of range");
      if (value) l.items[size_t(i)] = value;
      else l.items.erase(l.items.begin() + long(i));
      return;
    }
    case Kind::Dict: {
      auto& d = static_cast<DictObj&>(*o);
      int64_t k = dict_find(*this, d, idx);
      if (!value) {
        if (k < 0) {
          PyException e = impl.make_error("KeyError", repr(idx));
          e.exc->args = {idx};
          throw e;
        }
        d.items.erase(d.items.begin() + long(k));
        return;
      }
      if (k >= 0) d.items[size_t(k)].second = value;
      else dict_append(*this, d, idx, value);
      return;
    }
    case Kind::Instance: {
      auto cls = impl.class_of(o);
      if (ObjPtr m = cls ? impl.class_lookup(*cls, value ? "__setitem__" : "__delitem__") : nullptr) {
        CallArgs a;
        a.args = {o, idx};
        if (value) a.args.push_back(value);
        call(m, a);
        return;
      }
      if (value && lib::setitem(*this, o, idx, value)) return;
      break;
    }
    case Kind::Tensor: case Kind::NdArray:
      if (value && lib::setitem(*this, o, idx, value)) return;
      if (!value) impl.throw_error("TypeError", "'" + type_name(o) + "' object doesn't support item deletion");
      break;
    default: break;
  }
  if (!value) impl.throw_error("TypeError", "'" + type_name(o) + "' object doesn't support item deletion");
  impl.throw_error("TypeError", "'" + type_name(o) + "' object does not support item assignment");
}

}  // namespace tp::interp
