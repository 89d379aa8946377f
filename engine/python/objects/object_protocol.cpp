// The object protocol for builtin kinds: type names, repr/str, truthiness, len, iteration,
// attributes and items. Tensors and library objects go to lib:: first (library.h).
#include <cinttypes>
#include <cstdio>

#include "autograd/node.h"
#include "core/error.h"
#include "python/args.h"
#include "python/interp_impl.h"
#include "python/modules/collections.h"
#include "python/library.h"
#include "python/objects/bytes.h"
#include "python/objects/set_algorithms.h"

namespace tp::interp {

namespace {
bool is_lib_kind(Kind k) {
  return k == Kind::Tensor || k == Kind::NdArray || k == Kind::Size || k == Kind::DType || k == Kind::Device ||
         k == Kind::Node;
}

std::string type_of_repr(const ClassObj& c) {
  ObjPtr mod = c.get("__module__");
  std::string q = c.class_name;
  if (ObjPtr qn = c.get("__qualname__"); qn && qn->kind == Kind::Str) q = static_cast<StrObj&>(*qn).value;
  if (mod && mod->kind == Kind::Str && static_cast<StrObj&>(*mod).value != "builtins")
    return "<class '" + static_cast<StrObj&>(*mod).value + "." + q + "'>";
  return "<class '" + q + "'>";
}
}  // namespace

std::string Interpreter::type_name(const ObjPtr& o) {
  if (!o) return "NoneType";
  switch (o->kind) {
    case Kind::None: return "NoneType";
    case Kind::Bool: return "bool";
    case Kind::Int: return "int";
    case Kind::Float: return "float";
    case Kind::Str: return "str";
    case Kind::List: return "list";
    case Kind::Tuple: return "tuple";
    case Kind::Dict: return dict_type_name(static_cast<DictObj&>(*o));
    case Kind::Set: return static_cast<SetObj&>(*o).frozen ? "frozenset" : "set";
    case Kind::Slice: return "slice";
    case Kind::Ellipsis: return "ellipsis";
    case Kind::Range: return "range";
    case Kind::Bytes: return static_cast<BytesObj&>(*o).is_bytearray ? "bytearray" : "bytes";
    case Kind::Tensor: return static_cast<TensorObj&>(*o).tensor.impl()->is_parameter ? "Parameter" : "Tensor";
    case Kind::NdArray: return "numpy.ndarray";
    case Kind::Size: return "torch.Size";
    case Kind::DType: return "torch.dtype";
    case Kind::Device: return "torch.device";
    case Kind::Node: {
      auto& n = static_cast<NodeObj&>(*o);
      return n.node ? n.node->name() : "Node";
    }
    case Kind::Function: return "builtin_function_or_method";
    case Kind::UserFunction: return "function";
    case Kind::BoundMethod: return static_cast<BoundMethodObj&>(*o).fn->kind == Kind::UserFunction ? "method"
                                                                                                    : "builtin_function_or_method";
    case Kind::Module: return "module";
    case Kind::Class: return "type";
    case Kind::Instance: return static_cast<InstanceObj&>(*o).type_name;
    case Kind::Exception: {  // a library exception's type is module-qualified; its __name__ is the last part
      const std::string& t = static_cast<ExceptionObj&>(*o).type;
      return t.substr(t.rfind('.') + 1);
    }
    case Kind::ContextManager: return static_cast<ContextManagerObj&>(*o).type_name;
  }
  return "object";
}

int64_t Interpreter::python_id(const ObjPtr& o) const { return 140000000000000LL + 16 * o->id; }

std::string Interpreter::address_of(const ObjPtr& o) const {
  char buf[32];
  snprintf(buf, sizeof buf, "0x%" PRIx64, uint64_t(python_id(o)));
  return buf;
}

// ---------------------------------------------------------------- repr / str

std::string Interpreter::repr_without_user_code(const ObjPtr& o) {
  bool was = impl_->user_code_blocked;
  impl_->user_code_blocked = true;
  struct Restore {
    bool& flag;
    bool value;
    ~Restore() { flag = value; }
  } restore{impl_->user_code_blocked, was};
  auto plain = [&] {
    auto* inst = o->kind == Kind::Instance ? static_cast<InstanceObj*>(o.get()) : nullptr;
    bool user = inst && inst->cls && inst->cls->is_user;
    return std::string(user ? "__main__." : "") + type_name(o) + " object at " + address_of(o);
  };
  try {
    return repr(o);
  } catch (const UserCodeBlocked&) {  // Note [The trace runs no user code]
    return "<" + plain() + ">";
  } catch (const PyException& e) {
    // A repr that fails (a module holding itself) is the program's error only where the program
    // asks for it: the trace draws the object as IPython does and the program runs on as untraced.
    if (e.uncatchable) throw;
    return "<[" + e.type() + "(" + py_str_repr(e.message()) + ") raised in repr()] " + plain() + ">";
  }
}

std::string Interpreter::repr(const ObjPtr& o) {
  RecursionScope scope(*this, " while getting the repr of an object");
  auto& impl = *impl_;
  switch (o->kind) {
    case Kind::None: return "None";
    case Kind::Bool: return static_cast<BoolObj&>(*o).value ? "True" : "False";
    case Kind::Int: return std::to_string(static_cast<IntObj&>(*o).value);
    case Kind::Float: return float_repr(static_cast<FloatObj&>(*o).value);
    case Kind::Str: return py_str_repr(static_cast<StrObj&>(*o).value);
    case Kind::Ellipsis: return "Ellipsis";
    case Kind::Set: return set_repr(*this, static_cast<SetObj&>(*o));
    case Kind::Bytes: return bytes_repr(static_cast<BytesObj&>(*o));
    case Kind::List: case Kind::Tuple: case Kind::Dict: {
      for (const Object* p : impl.repr_stack)
        if (p == o.get()) return o->kind == Kind::List ? "[...]" : o->kind == Kind::Dict ? "{...}" : "(...)";
      if (impl.repr_stack.size() >= 500)
        impl.throw_error("RecursionError", "maximum recursion depth exceeded while getting the repr of an object");
      impl.repr_stack.push_back(o.get());
      struct Pop {
        std::vector<const Object*>& s;
        ~Pop() { s.pop_back(); }
      } pop{impl.repr_stack};
      std::string out;
      if (o->kind == Kind::Dict && static_cast<DictObj&>(*o).flavor != DictObj::Flavor::Dict)
        return flavored_dict_repr(*this, static_cast<DictObj&>(*o));  // OrderedDict / defaultdict / Counter
      if (o->kind == Kind::Dict) {
        out = "{";
        bool first = true;
        for (auto& kv : static_cast<DictObj&>(*o).items) {
          if (!first) out += ", ";
          first = false;
          out += repr(kv.first) + ": " + repr(kv.second);
        }
        return out + "}";
      }
      auto& items = o->kind == Kind::List ? static_cast<ListObj&>(*o).items : static_cast<TupleObj&>(*o).items;
      out = o->kind == Kind::List ? "[" : "(";
      for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += ", ";
        out += repr(items[i]);
      }
      if (o->kind == Kind::Tuple && items.size() == 1) out += ",";
      return out + (o->kind == Kind::List ? "]" : ")");
    }
    case Kind::Range: {
      auto& r = static_cast<RangeObj&>(*o);
      std::string s = "range(" + std::to_string(r.start) + ", " + std::to_string(r.stop);
      if (r.step != 1) s += ", " + std::to_string(r.step);
      return s + ")";
    }
    case Kind::Slice: {
      auto& s = static_cast<SliceObj&>(*o);
      return "slice(" + repr(s.start) + ", " + repr(s.stop) + ", " + repr(s.step) + ")";
    }
    case Kind::UserFunction:
      return "<function " + static_cast<UserFunctionObj&>(*o).qualname + " at " + address_of(o) + ">";
    case Kind::Function: {
      std::string n = static_cast<FunctionObj&>(*o).name;
      return "<built-in function " + n.substr(n.rfind('.') + 1) + ">";
    }
    case Kind::BoundMethod: {
      auto& b = static_cast<BoundMethodObj&>(*o);
      if (b.fn->kind == Kind::UserFunction)
        return "<bound method " + static_cast<UserFunctionObj&>(*b.fn).qualname + " of " + repr(b.self) + ">";
      std::string n = b.fn->kind == Kind::Function ? static_cast<FunctionObj&>(*b.fn).name : "method";
      return "<built-in method " + n.substr(n.rfind('.') + 1) + " of " + type_name(b.self) + " object at " +
             address_of(b.self) + ">";
    }
    case Kind::Module: {
      auto& m = static_cast<ModuleObj&>(*o);
      if (m.repr_hook) return m.repr_hook(*this);
      return "<module '" + m.module_name + "'>";
    }
    case Kind::Class: {
      auto& c = static_cast<ClassObj&>(*o);
      if (c.repr_hook) return c.repr_hook(*this);
      return type_of_repr(c);
    }
    case Kind::Exception: {
      auto& e = static_cast<ExceptionObj&>(*o);
      std::string out = type_name(o) + "(";
      if (e.args.empty() && !e.message.empty()) out += py_str_repr(e.message);
      for (size_t i = 0; i < e.args.size(); ++i) out += (i ? ", " : "") + repr(e.args[i]);
      return out + ")";
    }
    case Kind::Instance: {
      auto cls = impl.class_of(o);
      ObjPtr m = cls ? impl.class_lookup(*cls, "__repr__") : nullptr;
      if (m) {
        CallArgs a;
        a.args = {o};
        return str(call(m, a));
      }
      auto& inst = static_cast<InstanceObj&>(*o);
      if (inst.repr_hook) return inst.repr_hook(*this);
      if (auto* it = obj_cast<IteratorObj>(o.get()); it && it->reusable)
        return inst.type_name + "(" + repr(make_list(it->items)) + ")";
      if (auto* it = obj_cast<IteratorObj>(o.get()); it && it->type_name == "generator")
        return "<generator object " + it->qualname + " at " + address_of(o) + ">";
      std::string s = lib::repr(*this, o);
      if (!s.empty()) return s;
      if (auto* sup = obj_cast<SuperObj>(o.get()))
        return "<super: <class '" + sup->start->class_name + "'>, <" + type_name(sup->self) + " object>>";
      if (inst.cls && inst.cls->is_user) return "<__main__." + inst.type_name + " object at " + address_of(o) + ">";
      return "<" + inst.type_name + " object at " + address_of(o) + ">";
    }
    case Kind::ContextManager: {
      std::string s = lib::repr(*this, o);
      if (!s.empty()) return s;
      return "<torch.autograd.grad_mode." + type_name(o) + " object at " + address_of(o) + ">";
    }
    default: break;
  }
  std::string s = lib::repr(*this, o);
  if (!s.empty()) return s;
  if (o->kind == Kind::Node) return "<" + type_name(o) + " object at " + address_of(o) + ">";
  return "<" + type_name(o) + " object at " + address_of(o) + ">";
}

std::string Interpreter::str(const ObjPtr& o) {
  RecursionScope scope(*this, " while getting the str of an object");
  switch (o->kind) {
    case Kind::Str: return static_cast<StrObj&>(*o).value;
    case Kind::Exception: {
      auto& e = static_cast<ExceptionObj&>(*o);
      if (auto cls = impl_->class_of(o); cls && cls->is_user)
        if (ObjPtr m = impl_->class_lookup(*cls, "__str__"); m && m->kind == Kind::UserFunction) {
          CallArgs a;
          a.args = {o};
          return str(call(m, a));
        }
      if (e.type == "KeyError" && e.args.size() == 1) return repr(e.args[0]);
      if (e.args.size() == 1) return str(e.args[0]);
      if (e.args.size() > 1) return repr(make_tuple(e.args));
      return e.message;
    }
    case Kind::Instance: {
      auto cls = impl_->class_of(o);
      if (ObjPtr m = cls ? impl_->class_lookup(*cls, "__str__") : nullptr) {
        CallArgs a;
        a.args = {o};
        return str(call(m, a));
      }
      std::string s = lib::str(*this, o);
      return s.empty() ? repr(o) : s;
    }
    default:
      if (is_lib_kind(o->kind)) {
        std::string s = lib::str(*this, o);
        if (!s.empty()) return s;
      }
      return repr(o);
  }
}

// ---------------------------------------------------------------- truthiness, len, iteration

bool Interpreter::truthy(const ObjPtr& o) {
  switch (o->kind) {
    case Kind::None: return false;
    case Kind::Bool: return static_cast<BoolObj&>(*o).value;
    case Kind::Int: return static_cast<IntObj&>(*o).value != 0;
    case Kind::Float: return static_cast<FloatObj&>(*o).value != 0.0;
    case Kind::Str: return !static_cast<StrObj&>(*o).value.empty();
    case Kind::List: return !static_cast<ListObj&>(*o).items.empty();
    case Kind::Tuple: return !static_cast<TupleObj&>(*o).items.empty();
    case Kind::Dict: return !static_cast<DictObj&>(*o).items.empty();
    case Kind::Set: return static_cast<SetObj&>(*o).table.size() > 0;
    case Kind::Size: return !static_cast<SizeObj&>(*o).dims.empty();
    case Kind::Range: return len(o) > 0;
    case Kind::Bytes: return bytes_size(static_cast<BytesObj&>(*o)) > 0;
    case Kind::Instance: {
      auto cls = impl_->class_of(o);
      if (cls && cls->is_user) {
        if (ObjPtr m = impl_->class_lookup(*cls, "__bool__")) {
          CallArgs a;
          a.args = {o};
          return truthy(call(m, a));
        }
        if (impl_->class_lookup(*cls, "__len__")) return len(o) > 0;
      }
      bool b;
      if (lib::truthy(*this, o, b)) return b;
      return true;
    }
    default: {
      bool b;
      if (is_lib_kind(o->kind) && lib::truthy(*this, o, b)) return b;
      return true;
    }
  }
}

int64_t Interpreter::len(const ObjPtr& o) {
  switch (o->kind) {
    case Kind::Str: return int64_t(utf8_length(static_cast<StrObj&>(*o).value));
    case Kind::List: return int64_t(static_cast<ListObj&>(*o).items.size());
    case Kind::Tuple: return int64_t(static_cast<TupleObj&>(*o).items.size());
    case Kind::Dict: return int64_t(static_cast<DictObj&>(*o).items.size());
    case Kind::Set: return int64_t(static_cast<SetObj&>(*o).table.size());
    case Kind::Size: return int64_t(static_cast<SizeObj&>(*o).dims.size());
    case Kind::Bytes: return bytes_size(static_cast<BytesObj&>(*o));
    case Kind::Range: {
      auto& r = static_cast<RangeObj&>(*o);
      if (r.step > 0) return r.start < r.stop ? (r.stop - r.start - 1) / r.step + 1 : 0;
      return r.stop < r.start ? (r.start - r.stop - 1) / (-r.step) + 1 : 0;
    }
    case Kind::Instance: {
      auto cls = impl_->class_of(o);
      if (ObjPtr m = cls ? impl_->class_lookup(*cls, "__len__") : nullptr) {
        CallArgs a;
        a.args = {o};
        ObjPtr r = call(m, a);
        return to_int(*this, r);
      }
      if (auto* it = obj_cast<IteratorObj>(o.get()); it && it->reusable) return int64_t(it->items.size());
      break;
    }
    default: break;
  }
  int64_t n;
  if (lib::len(*this, o, n)) return n;
  impl_->throw_error("TypeError", "object of type '" + type_name(o) + "' has no len()");
}

std::vector<ObjPtr> Interpreter::iterate(const ObjPtr& o) {
  switch (o->kind) {
    case Kind::List: return static_cast<ListObj&>(*o).items;
    case Kind::Tuple: return static_cast<TupleObj&>(*o).items;
    case Kind::Str: {
      std::vector<ObjPtr> out;
      for (auto& c : utf8_chars(static_cast<StrObj&>(*o).value)) out.push_back(make_str(c));
      return out;
    }
    case Kind::Dict: {
      std::vector<ObjPtr> out;
      for (auto& kv : static_cast<DictObj&>(*o).items) out.push_back(kv.first);
      return out;
    }
    case Kind::Set: return static_cast<SetObj&>(*o).table.keys();
    case Kind::Bytes: return bytes_items(*this, static_cast<BytesObj&>(*o));
    case Kind::Range: {
      auto& r = static_cast<RangeObj&>(*o);
      int64_t n = len(o);
      impl_->count_steps(n);  // materialising is paid for like a loop
      std::vector<ObjPtr> out;
      out.reserve(size_t(n));
      for (int64_t i = 0; i < n; ++i) out.push_back(make_int(r.start + i * r.step));
      return out;
    }
    case Kind::Size: {
      std::vector<ObjPtr> out;
      for (int64_t d : static_cast<SizeObj&>(*o).dims) out.push_back(make_int(d));
      return out;
    }
    case Kind::Instance: {
      if (auto* it = obj_cast<IteratorObj>(o.get()); it && it->reusable) return it->items;
      std::vector<ObjPtr> out;
      ObjPtr it = iter(o);
      while (ObjPtr x = next_item(it)) {
        out.push_back(std::move(x));
        // list(itertools.count()) must end in MemoryError, not take all the memory there is.
        if ((out.size() & 4095) == 0) impl_->charge_items(double(out.size()));
      }
      return out;
    }
    default: break;
  }
  std::vector<ObjPtr> out;
  if (lib::iterate(*this, o, out)) return out;
  impl_->throw_error("TypeError", "'" + type_name(o) + "' object is not iterable");
}

namespace {
ObjPtr snapshot_iterator(std::string type, std::vector<ObjPtr> items) {
  return std::make_shared<IteratorObj>(std::move(type), std::move(items));
}
bool ends_iteration(const std::string& type) { return type == "IndexError" || type == "StopIteration"; }
}  // namespace

ObjPtr Interpreter::iter(const ObjPtr& o) {
  switch (o->kind) {
    case Kind::List: {  // by index, as CPython: items appended while iterating are seen
      auto pos = std::make_shared<size_t>(0);
      return std::make_shared<IteratorObj>("list_iterator", [o, pos](Interpreter&) -> ObjPtr {
        auto& l = static_cast<ListObj&>(*o);
        return *pos < l.items.size() ? l.items[(*pos)++] : nullptr;
      });
    }
    case Kind::Range: {
      auto& r = static_cast<RangeObj&>(*o);
      auto v = std::make_shared<int64_t>(r.start);
      int64_t stop = r.stop, step = r.step;
      return std::make_shared<IteratorObj>("range_iterator", [v, stop, step](Interpreter& in) -> ObjPtr {
        if (step > 0 ? *v >= stop : *v <= stop) return nullptr;
        ObjPtr x = in.make_int(*v);
        *v += step;
        return x;
      });
    }
    case Kind::Tuple: case Kind::Size: return snapshot_iterator("tuple_iterator", iterate(o));
    case Kind::Str: return snapshot_iterator("str_ascii_iterator", iterate(o));
    case Kind::Dict: return snapshot_iterator("dict_keyiterator", iterate(o));
    case Kind::Set: return snapshot_iterator("set_iterator", iterate(o));
    case Kind::Bytes:
      return snapshot_iterator(static_cast<BytesObj&>(*o).is_bytearray ? "bytearray_iterator" : "bytes_iterator", iterate(o));
    case Kind::Instance: {
      if (auto* it = obj_cast<IteratorObj>(o.get())) {
        if (!it->reusable) return o;
        const std::string& t = it->type_name;  // dict_keys -> dict_keyiterator ...
        std::string type = t == "dict_items" ? "dict_itemiterator" : t == "dict_values" ? "dict_valueiterator" : "dict_keyiterator";
        return snapshot_iterator(type, it->items);
      }
      auto cls = impl_->class_of(o);
      // Library classes define a native __iter__ only when they iterate lazily (DataLoader).
      if (ObjPtr m = cls ? impl_->class_lookup(*cls, "__iter__") : nullptr) {
        ObjPtr r = call(m, CallArgs{{o}, {}});
        auto* rit = obj_cast<IteratorObj>(r.get());
        auto rcls = r->kind == Kind::Instance && !rit ? impl_->class_of(r) : nullptr;
        if ((rit && !rit->reusable) || (rcls && impl_->class_lookup(*rcls, "__next__"))) return r;
        impl_->throw_error("TypeError", "iter() returned non-iterator of type '" + type_name(r) + "'");
      }
      // The old sequence protocol (what `for x in dataset` uses when a class defines only
      // __getitem__): items 0, 1, 2, ... until __getitem__ raises IndexError or StopIteration.
      if (ObjPtr m = cls && (cls->is_user || cls->sequence_protocol) ? impl_->class_lookup(*cls, "__getitem__") : nullptr) {
        auto i = std::make_shared<int64_t>(0);
        return std::make_shared<IteratorObj>("iterator", [o, m, i](Interpreter& in) -> ObjPtr {
          in.impl().count_steps(1);
          try {
            return in.call(m, CallArgs{{o, in.make_int((*i)++)}, {}});
          } catch (const PyException& e) {
            if (exception_matches(e.type(), "IndexError") || exception_matches(e.type(), "StopIteration")) return nullptr;
            throw;
          } catch (const TorchError& e) {
            if (ends_iteration(e.py_type())) return nullptr;
            throw;
          }
        });
      }
      break;
    }
    default: break;
  }
  std::vector<ObjPtr> out;
  if (lib::iterate(*this, o, out)) return snapshot_iterator("iterator", std::move(out));
  impl_->throw_error("TypeError", "'" + type_name(o) + "' object is not iterable");
}

ObjPtr Interpreter::next_item(const ObjPtr& it) {
  RecursionScope scope(*this, "");
  // Every item pulled from an iterator is a step, also inside builtins: max(itertools.count())
  // ends at the step limit instead of never (a `for` loop does not count its pulls twice).
  impl_->count_steps(1);
  if (auto* io = obj_cast<IteratorObj>(it.get()); io && !io->reusable) return io->next(*this);
  auto cls = it->kind == Kind::Instance ? impl_->class_of(it) : nullptr;
  ObjPtr m = cls ? impl_->class_lookup(*cls, "__next__") : nullptr;
  if (!m) impl_->throw_error("TypeError", "'" + type_name(it) + "' object is not an iterator");
  try {
    return call(m, CallArgs{{it}, {}});
  } catch (const PyException& e) {
    if (exception_matches(e.type(), "StopIteration")) return nullptr;
    throw;
  } catch (const TorchError& e) {
    if (e.py_type() == "StopIteration") return nullptr;
    throw;
  }
}

}  // namespace tp::interp
