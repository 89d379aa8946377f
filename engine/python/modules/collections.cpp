// collections.OrderedDict / defaultdict / Counter (see python/modules/collections.h).
#include "python/modules/collections.h"

#include <algorithm>

#include "core/error.h"
#include "python/objects/dict_index.h"
#include "python/args.h"
#include "python/interp_impl.h"

namespace tp::interp {

namespace {

using Flavor = DictObj::Flavor;

DictObj& dict_of(const ObjPtr& o) { return static_cast<DictObj&>(*o); }

ObjPtr new_flavored(Interpreter& in, Flavor f, std::vector<std::pair<ObjPtr, ObjPtr>> items = {}) {
  ObjPtr d = in.make_dict(std::move(items));
  dict_of(d).flavor = f;
  return d;
}

ObjPtr lookup(Interpreter& in, DictObj& d, const ObjPtr& k) {
  int64_t p = dict_lookup(in, d, k);
  return p >= 0 ? d.items[size_t(p)].second : nullptr;
}

// Counter.update / Counter.subtract (sign +1 / -1): a mapping adds (subtracts) its counts, any
// other iterable counts its elements; keyword arguments are a mapping.
void counter_update(Interpreter& in, const ObjPtr& self, const ObjPtr& src,
                    const std::vector<std::pair<std::string, ObjPtr>>& kwargs, bool subtract) {
  DictObj& d = dict_of(self);
  const char* op = subtract ? "-" : "+";
  if (src && src->kind != Kind::None) {
    if (src->kind == Kind::Dict) {
      auto items = dict_of(src).items;
      if (!subtract && d.items.empty()) {  // fast path of an empty Counter: dict.update
        for (auto& kv : items) in.setitem(self, kv.first, kv.second);
      } else {
        for (auto& kv : items) {
          ObjPtr have = lookup(in, d, kv.first);
          if (!have) have = in.make_int(0);
          // update: count + self_get(elem, 0); subtract: self_get(elem, 0) - count
          in.setitem(self, kv.first, subtract ? in.binary_op(op, have, kv.second) : in.binary_op(op, kv.second, have));
        }
      }
    } else {
      for (auto& e : in.iterate(src)) {
        ObjPtr have = lookup(in, d, e);
        in.setitem(self, e, in.binary_op(op, have ? have : in.make_int(0), in.make_int(1)));
      }
    }
  }
  if (!kwargs.empty()) {
    std::vector<std::pair<ObjPtr, ObjPtr>> kw;
    for (auto& kv : kwargs) kw.push_back({in.make_str(kv.first), kv.second});
    counter_update(in, self, in.make_dict(std::move(kw)), {}, subtract);
  }
}

// sorted(self.items(), key=itemgetter(1), reverse=True): stable, so equal counts keep insertion
// order (heapq.nlargest(n, ...) is documented to equal sorted(...)[:n]).
std::vector<std::pair<ObjPtr, ObjPtr>> by_count(Interpreter& in, const DictObj& d) {
  auto items = d.items;
  std::stable_sort(items.begin(), items.end(), [&](const auto& a, const auto& b) {
    return in.truthy(in.compare("<", b.second, a.second));
  });
  return items;
}

std::string plain_repr(Interpreter& in, const std::vector<std::pair<ObjPtr, ObjPtr>>& items) {
  std::string out = "{";
  for (size_t i = 0; i < items.size(); ++i)
    out += std::string(i ? ", " : "") + in.repr(items[i].first) + ": " + in.repr(items[i].second);
  return out + "}";
}

ObjPtr method(Interpreter& in, const ObjPtr& self, const std::string& qualname, NativeFn fn) {
  return in.bind(self, in.make_function(qualname, std::move(fn)));
}

ObjPtr copy_of(Interpreter& in, const DictObj& d) {
  ObjPtr c = new_flavored(in, d.flavor, d.items);
  dict_of(c).default_factory = d.default_factory;
  return c;
}

}  // namespace

const char* dict_type_name(const DictObj& d) {
  switch (d.flavor) {
    case Flavor::OrderedDict: return "OrderedDict";
    case Flavor::DefaultDict: return "defaultdict";
    case Flavor::Counter: return "Counter";
    case Flavor::Dict: break;
  }
  return "dict";
}

std::string flavored_dict_repr(Interpreter& in, const DictObj& d) {
  switch (d.flavor) {
    case Flavor::OrderedDict: {  // OrderedDict([(k, v), ...]); empty: OrderedDict()
      if (d.items.empty()) return "OrderedDict()";
      std::string out = "OrderedDict([";
      for (size_t i = 0; i < d.items.size(); ++i)
        out += std::string(i ? ", " : "") + "(" + in.repr(d.items[i].first) + ", " + in.repr(d.items[i].second) + ")";
      return out + "])";
    }
    case Flavor::DefaultDict:  // defdict_repr: defaultdict(<factory repr or None>, {...})
      return "defaultdict(" + (d.default_factory ? in.repr(d.default_factory) : std::string("None")) + ", " +
             plain_repr(in, d.items) + ")";
    case Flavor::Counter:  // Counter({...}) in most_common() order; empty: Counter()
      if (d.items.empty()) return "Counter()";
      return "Counter(" + plain_repr(in, by_count(in, d)) + ")";
    case Flavor::Dict: break;
  }
  return "";
}

ObjPtr dict_missing(Interpreter& in, const ObjPtr& o, const ObjPtr& key) {
  DictObj& d = dict_of(o);
  if (d.flavor == Flavor::Counter) return in.make_int(0);  // Counter.__missing__: 0, nothing inserted
  if (d.flavor != Flavor::DefaultDict || !d.default_factory) return nullptr;
  ObjPtr v = in.call(d.default_factory, CallArgs{});  // defaultdict.__missing__: self[key] = factory()
  in.setitem(o, key, v);
  return v;
}

ObjPtr flavored_dict_attr(Interpreter& in, const ObjPtr& self, const std::string& name) {
  DictObj& d = dict_of(self);
  const std::string type = dict_type_name(d);
  if (d.flavor == Flavor::Dict) return nullptr;
  if (name == "copy")
    return method(in, self, type + ".copy", [](Interpreter& in, CallArgs& a) { return copy_of(in, dict_of(a.args[0])); });
  if (d.flavor == Flavor::DefaultDict && name == "default_factory")
    return d.default_factory ? d.default_factory : in.none();
  if (d.flavor != Flavor::Counter) return nullptr;
  if (name == "most_common")
    return method(in, self, "Counter.most_common", [](Interpreter& in, CallArgs& a) -> ObjPtr {
      ArgParser p(in, "most_common", a);
      p.required("self", 0);
      ObjPtr n = p.get("n", 1);
      p.finish();
      auto items = by_count(in, dict_of(a.args[0]));
      if (!is_none(n)) items.resize(size_t(std::clamp<int64_t>(to_int(in, n), 0, int64_t(items.size()))));
      std::vector<ObjPtr> out;
      for (auto& kv : items) out.push_back(in.make_tuple({kv.first, kv.second}));
      return in.make_list(std::move(out));
    });
  if (name == "update" || name == "subtract") {
    bool sub = name == "subtract";
    return method(in, self, "Counter." + name, [sub, name](Interpreter& in, CallArgs& a) -> ObjPtr {
      if (a.args.size() > 2)
        throw TorchError("TypeError", "expected at most 1 arguments, got " + std::to_string(a.args.size() - 1));
      counter_update(in, a.args[0], a.args.size() > 1 ? a.args[1] : nullptr, a.kwargs, sub);
      return in.none();
    });
  }
  if (name == "total")
    return method(in, self, "Counter.total", [](Interpreter& in, CallArgs& a) -> ObjPtr {
      ObjPtr s = in.make_int(0);
      for (auto& kv : dict_of(a.args[0]).items) s = in.binary_op("+", s, kv.second);
      return s;
    });
  if (name == "elements")  // each element repeated by its count (counts below one are skipped)
    return method(in, self, "Counter.elements", [](Interpreter& in, CallArgs& a) -> ObjPtr {
      std::vector<ObjPtr> out;
      for (auto& kv : dict_of(a.args[0]).items)
        for (int64_t i = 0; i < to_int(in, kv.second); ++i) out.push_back(kv.first);
      return in.make_list(std::move(out));
    });
  return nullptr;
}

void install_collections(Interpreter& in, ModuleObj& collections) {
  ObjPtr dict = in.builtin("dict");
  if (!dict) return;
  auto dict_class = std::static_pointer_cast<ClassObj>(dict);
  NativeFn dict_ctor = dict_class->call_hook;
  auto make = [&](const std::string& name, NativeFn ctor) {
    auto c = std::make_shared<ClassObj>(name);
    c->call_hook = std::move(ctor);
    c->bases.push_back(dict_class);
    c->set("__module__", in.make_str("collections"));
    collections.set(name, c);
  };
  // OrderedDict(...) takes dict's arguments (dicts keep insertion order already).
  make("OrderedDict", [dict_ctor](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr d = dict_ctor(in, a);
    if (d->kind == Kind::Dict) dict_of(d).flavor = Flavor::OrderedDict;
    return d;
  });
  // defaultdict(default_factory=None, /, *args, **kwargs): the rest as for dict().
  make("defaultdict", [dict_ctor](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr factory;
    CallArgs rest = a;
    if (!rest.args.empty()) {
      factory = rest.args.front();
      rest.args.erase(rest.args.begin());
      if (!is_none(factory) && !in.truthy(in.call(in.builtin("callable"), CallArgs{{factory}, {}})))
        throw TorchError("TypeError", "first argument must be callable or None");
      if (is_none(factory)) factory = nullptr;
    }
    ObjPtr d = dict_ctor(in, rest);
    dict_of(d).flavor = Flavor::DefaultDict;
    dict_of(d).default_factory = factory;
    return d;
  });
  // Counter(iterable=None, /, **kwds): update(iterable, **kwds) on an empty Counter.
  make("Counter", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    if (a.args.size() > 1)
      throw TorchError("TypeError", "expected at most 1 arguments, got " + std::to_string(a.args.size()));
    ObjPtr c = new_flavored(in, Flavor::Counter);
    counter_update(in, c, a.args.empty() ? nullptr : a.args[0], a.kwargs, false);
    return c;
  });
}

}  // namespace tp::interp
