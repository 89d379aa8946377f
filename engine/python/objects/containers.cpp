// Methods of list, tuple, dict and numbers, and the lookup that binds builtin methods.
#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "python/objects/dict_index.h"
#include "python/args.h"
#include "python/interp_impl.h"
#include "python/modules/collections.h"
#include "python/objects/methods.h"
#include "python/objects/list_sort.h"

namespace tp::interp {

namespace {
ListObj& self_list(CallArgs& a) { return static_cast<ListObj&>(*a.args[0]); }
DictObj& self_dict(CallArgs& a) { return static_cast<DictObj&>(*a.args[0]); }

std::vector<ObjPtr>& seq_items(const ObjPtr& o) {
  return o->kind == Kind::List ? static_cast<ListObj&>(*o).items : static_cast<TupleObj&>(*o).items;
}

ObjPtr seq_index(Interpreter& in, CallArgs& a, const char* type) {
  ArgParser p(in, "index", a);
  ObjPtr x = p.required("value", 1);
  auto items = a.args[0]->kind == Kind::Size ? in.iterate(a.args[0]) : seq_items(a.args[0]);
  int64_t n = int64_t(items.size());
  int64_t start = a.args.size() > 2 ? to_int(in, a.args[2]) : 0, stop = a.args.size() > 3 ? to_int(in, a.args[3]) : n;
  if (start < 0) start = std::max<int64_t>(0, start + n);
  if (stop < 0) stop += n;
  for (int64_t i = start; i < std::min(stop, n); ++i)
    if (in.equals(items[size_t(i)], x)) return in.make_int(i);
  if (std::string(type) == "list") throw TorchError("ValueError", in.repr(x) + " is not in list");
  throw TorchError("ValueError", "tuple.index(x): x not in tuple");
}

ObjPtr seq_count(Interpreter& in, CallArgs& a) {
  ArgParser p(in, "count", a);
  ObjPtr x = p.required("value", 1);
  auto items = a.args[0]->kind == Kind::Size ? in.iterate(a.args[0]) : seq_items(a.args[0]);
  int64_t n = 0;
  for (auto& it : items)
    if (in.equals(it, x)) ++n;
  return in.make_int(n);
}

ObjPtr view(std::string type, std::vector<ObjPtr> items) {
  return std::make_shared<IteratorObj>(std::move(type), std::move(items), true);
}
}  // namespace

const std::unordered_map<std::string, NativeFn>& list_methods() {
  static const std::unordered_map<std::string, NativeFn> m = {
      {"append", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         if (a.args.size() != 2) throw TorchError("TypeError", "list.append() takes exactly one argument (" + std::to_string(a.args.size() - 1) + " given)");
         self_list(a).items.push_back(a.args[1]);
         return in.none();
       }},
      {"extend", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         ArgParser p(in, "extend", a);
         auto more = in.iterate(p.required("iterable", 1));
         auto& l = self_list(a).items;
         in.impl().charge_items(double(l.size() + more.size()));
         l.insert(l.end(), more.begin(), more.end());
         return in.none();
       }},
      {"insert", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         if (a.args.size() != 3) throw TorchError("TypeError", "insert expected 2 arguments, got " + std::to_string(a.args.size() - 1));
         auto& l = self_list(a).items;
         int64_t n = int64_t(l.size()), i = to_int(in, a.args[1]);
         if (i < 0) i = std::max<int64_t>(0, i + n);
         if (i > n) i = n;
         l.insert(l.begin() + long(i), a.args[2]);
         return in.none();
       }},
      {"pop", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         auto& l = self_list(a).items;
         if (l.empty()) throw TorchError("IndexError", "pop from empty list");
         int64_t n = int64_t(l.size()), i = a.args.size() > 1 ? to_int(in, a.args[1]) : -1;
         if (i < 0) i += n;
         if (i < 0 || i >= n) throw TorchError("IndexError", "pop index out of range");
         ObjPtr v = l[size_t(i)];
         l.erase(l.begin() + long(i));
         return v;
       }},
      {"remove", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         auto& l = self_list(a).items;
         for (size_t i = 0; i < l.size(); ++i) {
           if (in.equals(l[i], a.args.at(1))) {
             l.erase(l.begin() + long(i));
             return in.none();
           }
         }
         throw TorchError("ValueError", "list.remove(x): x not in list");
       }},
      {"index", [](Interpreter& in, CallArgs& a) { return seq_index(in, a, "list"); }},
      {"count", [](Interpreter& in, CallArgs& a) { return seq_count(in, a); }},
      {"reverse", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         std::reverse(self_list(a).items.begin(), self_list(a).items.end());
         return in.none();
       }},
      {"copy", [](Interpreter& in, CallArgs& a) { return in.make_list(self_list(a).items); }},
      {"clear", [](Interpreter& in, CallArgs& a) -> ObjPtr { self_list(a).items.clear(); return in.none(); }},
      {"sort", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         for (auto& kv : a.kwargs)
           if (kv.first != "key" && kv.first != "reverse")
             throw TorchError("TypeError", "'" + kv.first + "' is an invalid keyword argument for sort()");
         ArgParser p(in, "sort", a);
         p.max_positional(1);
         ObjPtr key = p.kw("key"), rev = p.kw("reverse");
         p.finish();
         auto& l = self_list(a).items;
         bool reverse = rev && in.truthy(rev);
         std::vector<std::pair<ObjPtr, ObjPtr>> keyed;
         for (auto& x : l) keyed.push_back({is_none(key) ? x : in.call(key, CallArgs{{x}, {}}), x});
         if (reverse) std::reverse(keyed.begin(), keyed.end());
         using Keyed = std::pair<ObjPtr, ObjPtr>;
         python_sort<Keyed>(keyed, [&](const Keyed& x, const Keyed& y) {
           return in.truthy(in.compare("<", x.first, y.first));
         });
         if (reverse) std::reverse(keyed.begin(), keyed.end());
         for (size_t i = 0; i < l.size(); ++i) l[i] = keyed[i].second;
         return in.none();
       }},
  };
  return m;
}

const std::unordered_map<std::string, NativeFn>& tuple_methods() {
  static const std::unordered_map<std::string, NativeFn> m = {
      {"index", [](Interpreter& in, CallArgs& a) { return seq_index(in, a, "tuple"); }},
      {"count", [](Interpreter& in, CallArgs& a) { return seq_count(in, a); }},
  };
  return m;
}

const std::unordered_map<std::string, NativeFn>& dict_methods() {
  static const std::unordered_map<std::string, NativeFn> m = {
      {"keys", [](Interpreter&, CallArgs& a) -> ObjPtr {
         std::vector<ObjPtr> v;
         for (auto& kv : self_dict(a).items) v.push_back(kv.first);
         return view("dict_keys", std::move(v));
       }},
      {"values", [](Interpreter&, CallArgs& a) -> ObjPtr {
         std::vector<ObjPtr> v;
         for (auto& kv : self_dict(a).items) v.push_back(kv.second);
         return view("dict_values", std::move(v));
       }},
      {"items", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         std::vector<ObjPtr> v;
         for (auto& kv : self_dict(a).items) v.push_back(in.make_tuple({kv.first, kv.second}));
         return view("dict_items", std::move(v));
       }},
      {"get", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         if (a.args.size() < 2 || a.args.size() > 3) throw TorchError("TypeError", "get expected at most 2 arguments, got " + std::to_string(a.args.size() - 1));
         int64_t p = dict_lookup(in, self_dict(a), a.args[1]);
         if (p >= 0) return self_dict(a).items[size_t(p)].second;
         return a.args.size() == 3 ? a.args[2] : in.none();
       }},
      {"setdefault", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         ObjPtr k = a.args.at(1);
         int64_t p = dict_lookup(in, self_dict(a), k);
         if (p >= 0) return self_dict(a).items[size_t(p)].second;
         ObjPtr v = a.args.size() > 2 ? a.args[2] : in.none();
         in.setitem(a.args[0], k, v);
         return v;
       }},
      {"pop", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         auto& items = self_dict(a).items;
         ObjPtr k = a.args.at(1);
         if (int64_t i = dict_lookup(in, self_dict(a), k); i >= 0) {
           ObjPtr v = items[size_t(i)].second;
           items.erase(items.begin() + long(i));
           return v;
         }
         if (a.args.size() > 2) return a.args[2];
         PyException e = in.impl().make_error("KeyError", in.repr(k));
         e.exc->args = {k};
         throw e;
       }},
      {"popitem", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         auto& items = self_dict(a).items;
         if (items.empty()) throw TorchError("KeyError", "'popitem(): dictionary is empty'");
         auto kv = items.back();
         items.pop_back();
         return in.make_tuple({kv.first, kv.second});
       }},
      {"update", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         if (a.args.size() > 1) {
           ObjPtr src = a.args[1];
           if (src->kind == Kind::Dict) {
             auto items = static_cast<DictObj&>(*src).items;
             for (auto& kv : items) in.setitem(a.args[0], kv.first, kv.second);
           } else {
             for (auto& pair : in.iterate(src)) {
               auto kv = in.iterate(pair);
               if (kv.size() != 2) throw TorchError("ValueError", "dictionary update sequence element has wrong length");
               in.setitem(a.args[0], kv[0], kv[1]);
             }
           }
         }
         for (auto& kv : a.kwargs) in.setitem(a.args[0], in.make_str(kv.first), kv.second);
         return in.none();
       }},
      {"copy", [](Interpreter& in, CallArgs& a) { return in.make_dict(self_dict(a).items); }},
      {"clear", [](Interpreter& in, CallArgs& a) -> ObjPtr { self_dict(a).items.clear(); return in.none(); }},
  };
  return m;
}

const std::unordered_map<std::string, NativeFn>& number_methods() {
  static const std::unordered_map<std::string, NativeFn> m = {
      {"is_integer", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         if (a.args[0]->kind != Kind::Float) return in.make_bool(true);
         double v = static_cast<FloatObj&>(*a.args[0]).value;
         return in.make_bool(std::isfinite(v) && v == std::floor(v));
       }},
      {"bit_length", [](Interpreter& in, CallArgs& a) -> ObjPtr {
         int64_t v = to_int(in, a.args[0]);
         uint64_t u = v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v);
         int64_t n = 0;
         while (u) { ++n; u >>= 1; }
         return in.make_int(n);
       }},
      {"conjugate", [](Interpreter&, CallArgs& a) { return a.args[0]; }},
      {"__index__", [](Interpreter&, CallArgs& a) { return a.args[0]; }},
  };
  return m;
}

ObjPtr Interpreter::Impl::builtin_method(const ObjPtr& self, const std::string& name) {
  const std::unordered_map<std::string, NativeFn>* table = nullptr;
  const char* type = nullptr;
  switch (self->kind) {
    case Kind::Str: table = &str_methods(); type = "str"; break;
    case Kind::List: table = &list_methods(); type = "list"; break;
    case Kind::Tuple: case Kind::Size: table = &tuple_methods(); type = "tuple"; break;
    case Kind::Dict:
      if (ObjPtr v = flavored_dict_attr(in, self, name)) return v;  // Counter.most_common, ...
      table = &dict_methods();
      type = "dict";
      break;
    case Kind::Set: {
      bool frozen = static_cast<SetObj&>(*self).frozen;
      table = frozen ? &frozenset_methods() : &set_methods();
      type = frozen ? "frozenset" : "set";
      break;
    }
    case Kind::Int: case Kind::Float: case Kind::Bool: {
      if (name == "real") return self;
      if (name == "imag") return self->kind == Kind::Float ? in.make_float(0) : in.make_int(0);
      if (name == "numerator" && self->kind != Kind::Float) return self;
      if (name == "denominator" && self->kind != Kind::Float) return in.make_int(1);
      table = &number_methods();
      type = self->kind == Kind::Float ? "float" : "int";
      if (name == "is_integer" && self->kind != Kind::Float) return nullptr;
      if (name == "bit_length" && self->kind == Kind::Float) return nullptr;
      break;
    }
    default: return nullptr;
  }
  auto it = table->find(name);
  if (it == table->end()) return nullptr;
  std::string key = std::string(type) + "." + name;
  ObjPtr& fn = method_cache[key];
  if (!fn) fn = in.make_function(key, it->second);
  return in.bind(self, fn);
}

}  // namespace tp::interp
