// Container modules (nn.Sequential, nn.ModuleList, nn.ModuleDict, nn.ParameterList, nn.ParameterDict)
// and Module.state_dict / load_state_dict
// (torch/nn/modules/container.py, module.py), including load_state_dict's error report.
#include <algorithm>

#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "bindings/library_variant.h"
#include "bindings/nn/nn.h"

namespace tp::interp::lib {

namespace {

ObjPtr child_at(Interpreter& in, const ObjPtr& self, const ObjPtr& index) {
  auto kids = module_children(in, self);
  int64_t i = to_int(in, index), n = int64_t(kids.size());
  int64_t j = i < 0 ? i + n : i;
  if (j < 0 || j >= n) throw TorchError("IndexError", "index " + std::to_string(i) + " is out of range");
  return kids[size_t(j)].second;
}

void add_children(Interpreter& in, const ObjPtr& self, const std::vector<ObjPtr>& mods) {
  auto& inst = cast<InstanceObj>(self);
  size_t next = module_children(in, self).size();
  for (auto& m : mods) inst.set(std::to_string(next++), m);
}

void container_methods(ClassObj& cls, const std::string& name) {
  def(cls, name + ".", "__getitem__", [](Interpreter& in, CallArgs& a) { return child_at(in, a.args.at(0), a.args.at(1)); });
  def(cls, name + ".", "__len__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    return in.make_int(int64_t(module_children(in, a.args.at(0)).size()));
  });
  def(cls, name + ".", "append", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    add_children(in, a.args.at(0), {a.args.at(1)});
    return a.args[0];
  });
  def(cls, name + ".", "extend", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    add_children(in, a.args.at(0), in.iterate(a.args.at(1)));
    return a.args[0];
  });
}

// _IncompatibleKeys: "<All keys matched successfully>" when nothing is missing or unexpected.
ObjPtr incompatible_keys(Interpreter& in, const std::vector<std::string>& missing, const std::vector<std::string>& unexpected) {
  auto names = [&](const std::vector<std::string>& v) {
    std::vector<ObjPtr> out;
    for (auto& k : v) out.push_back(in.make_str(k));
    return in.make_list(std::move(out));
  };
  ObjPtr r = make_struct_seq(in, "_IncompatibleKeys", {"missing_keys", "unexpected_keys"}, {names(missing), names(unexpected)});
  if (missing.empty() && unexpected.empty())
    cast<InstanceObj>(r).repr_hook = [](Interpreter&) { return std::string("<All keys matched successfully>"); };
  else {
    ObjPtr mk = names(missing), uk = names(unexpected);
    cast<InstanceObj>(r).repr_hook = [mk, uk](Interpreter& in) {
      return "_IncompatibleKeys(missing_keys=" + in.repr(mk) + ", unexpected_keys=" + in.repr(uk) + ")";
    };
  }
  return r;
}

std::string quoted(const std::vector<std::string>& keys) {
  std::string s;
  for (size_t i = 0; i < keys.size(); ++i) s += (i ? ", \"" : "\"") + keys[i] + "\"";
  return s;
}

// Entries of the dict-like containers live as instance attributes (so named_parameters and
// module_children see them); `_keys` keeps the user-visible key order (container.py does the same).
ObjPtr keys_list(Interpreter& in, const ObjPtr& self) {
  auto& inst = cast<InstanceObj>(self);
  ObjPtr k = inst.get("_keys");
  if (!k) { k = in.make_list({}); inst.set("_keys", k); }
  return k;
}
std::vector<std::string> dict_keys(Interpreter& in, const ObjPtr& self) {
  std::vector<std::string> out;
  for (auto& k : static_cast<ListObj&>(*keys_list(in, self)).items) out.push_back(cast<StrObj>(k).value);
  return out;
}
void dict_set(Interpreter& in, const ObjPtr& self, const std::string& key, ObjPtr value) {
  auto& keys = static_cast<ListObj&>(*keys_list(in, self)).items;
  bool known = false;
  for (auto& k : keys) known = known || cast<StrObj>(k).value == key;
  if (!known) keys.push_back(in.make_str(key));
  cast<InstanceObj>(self).set(key, std::move(value));
}
ObjPtr dict_lookup(Interpreter& in, const ObjPtr& self, const ObjPtr& key) {
  std::string k = to_str(in, key);
  for (auto& name : dict_keys(in, self))
    if (name == k) return cast<InstanceObj>(self).get(k);
  throw TorchError("KeyError", k);  // printed as repr, like KeyError(key)
}
// ParameterList/ParameterDict.__setitem__: a plain tensor is wrapped as Parameter(tensor).
ObjPtr as_parameter(const ObjPtr& v, Interpreter& in) {
  if (!is_tensor(v) || tensor_of(v).impl()->is_parameter) return v;
  Tensor p = tp::detach(tensor_of(v));
  p.impl()->is_parameter = true;
  tp::set_factory_requires_grad(p, true);
  return in.wrap_tensor(p);
}
// Pairs from a mapping or an iterable of (key, value); `sort_plain_dict` is ParameterDict.update's
// rule (a plain dict is applied in sorted key order, an OrderedDict in its own order).
std::vector<std::pair<ObjPtr, ObjPtr>> update_pairs(Interpreter& in, const ObjPtr& src, bool sort_plain_dict) {
  std::vector<std::pair<ObjPtr, ObjPtr>> out;
  if (src->kind == Kind::Dict) {
    out = cast<DictObj>(src).items;
    if (sort_plain_dict && cast<DictObj>(src).flavor != DictObj::Flavor::OrderedDict)
      std::stable_sort(out.begin(), out.end(), [&](auto& a, auto& b) { return to_str(in, a.first) < to_str(in, b.first); });
    return out;
  }
  if (src->kind == Kind::Instance && cast<InstanceObj>(src).type_name.find("Dict") != std::string::npos &&
      cast<InstanceObj>(src).get("_keys")) {
    for (auto& k : dict_keys(in, src)) out.push_back({in.make_str(k), cast<InstanceObj>(src).get(k)});
    return out;
  }
  for (auto& item : in.iterate(src)) {
    auto kv = in.iterate(item);
    if (kv.size() != 2) throw TorchError("ValueError", "update sequence element has length " + std::to_string(kv.size()) + "; 2 is required");
    out.push_back({kv[0], kv[1]});
  }
  return out;
}
// ParameterList/ParameterDict.extra_repr: "  (k): Parameter containing: [torch.float32 of size 2x3]".
std::string param_line(Interpreter& in, const std::string& key, const ObjPtr& v) {
  if (!is_tensor(v)) return "  (" + key + "): Object of type: " + in.type_name(v);
  const Tensor& t = tensor_of(v);
  std::string size;
  for (int64_t i = 0; i < t.dim(); ++i) size += (i ? "x" : "") + std::to_string(t.sizes()[size_t(i)]);
  return "  (" + key + "): " + (t.impl()->is_parameter ? "Parameter" : "Tensor") + " containing: [" +
         dtype_repr(t.dtype()) + " of size " + size + "]";
}
int64_t plist_size(Interpreter& in, const ObjPtr& self) {
  ObjPtr n = cast<InstanceObj>(self).get("_size");
  return n ? to_int(in, n) : 0;
}
void plist_append(Interpreter& in, const ObjPtr& self, const ObjPtr& v) {
  int64_t n = plist_size(in, self);
  cast<InstanceObj>(self).set("_size", in.make_int(n + 1));
  cast<InstanceObj>(self).set(std::to_string(n), as_parameter(v, in));
}
int64_t plist_index(Interpreter& in, const ObjPtr& self, const ObjPtr& index) {
  int64_t i = to_int(in, index), n = plist_size(in, self);
  if (!(-n <= i && i < n)) throw TorchError("IndexError", "index " + std::to_string(i) + " is out of range");
  return i < 0 ? i + n : i;
}
ObjPtr no_forward(const std::string& name) {
  throw TorchError("NotImplementedError", "Module [" + name + "] is missing the required \"forward\" function");
}

}  // namespace

bool module_iterate(Interpreter& in, const ObjPtr& self, std::vector<ObjPtr>& out) {
  if (self->kind != Kind::Instance) return false;
  auto& inst = cast<InstanceObj>(self);
  if (!inst.cls) return false;
  if (inst.type_name == "Sequential" || inst.type_name == "ModuleList") {
    for (auto& [k, m] : module_children(in, self)) out.push_back(m);
    return true;
  }
  if (inst.type_name == "ModuleDict" || inst.type_name == "ParameterDict") {  // iterating yields the keys
    for (auto& k : dict_keys(in, self)) out.push_back(in.make_str(k));
    return true;
  }
  if (inst.type_name == "ParameterList") {
    for (int64_t i = 0, n = plist_size(in, self); i < n; ++i) out.push_back(inst.get(std::to_string(i)));
    return true;
  }
  return false;
}

void install_containers(Interpreter& in, ModuleObj& nn) {
  // Sequential(*modules) or Sequential(OrderedDict(name -> module)).
  auto seq = library_module(in, nn, "Sequential",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        auto& inst = cast<InstanceObj>(self);
        if (p.count() == 1 && p.positional(0)->kind == Kind::Dict) {
          for (auto& [k, v] : cast<DictObj>(p.positional(0)).items) inst.set(to_str(in, k), v);
          return;
        }
        for (size_t i = 0; i < p.count(); ++i) inst.set(std::to_string(i), p.positional(i));
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        ObjPtr x = p.required("input", 0);
        for (auto& [k, m] : module_children(in, self)) {
          CallArgs ca;
          ca.args = {x};
          x = in.call(m, ca);
        }
        return x;
      });
  container_methods(*seq, "Sequential");
  auto ml = library_module(in, nn, "ModuleList",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        ObjPtr mods = p.get("modules", 0);
        if (!is_none(mods)) add_children(in, self, in.iterate(mods));
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) -> ObjPtr {
        throw TorchError("NotImplementedError", "Module [ModuleList] is missing the required \"forward\" function");
      });
  container_methods(*ml, "ModuleList");
  // ModuleList.__repr__ compresses runs of identical children: "(0-2): 3 x ReLU()".
  def(*ml, "ModuleList.", "__repr__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    std::vector<std::string> reprs;
    for (auto& [k, m] : module_children(in, a.args.at(0))) reprs.push_back(in.repr(m));
    if (reprs.empty()) return in.make_str("ModuleList()");
    std::string s = "ModuleList(";
    for (size_t i = 0; i < reprs.size();) {
      size_t j = i;
      while (j + 1 < reprs.size() && reprs[j + 1] == reprs[i]) ++j;
      std::string local = j == i ? "(" + std::to_string(i) + "): " + reprs[i]
                                 : "(" + std::to_string(i) + "-" + std::to_string(j) + "): " +
                                       std::to_string(j - i + 1) + " x " + reprs[i];
      std::string indented;
      for (char c : local) indented += c == '\n' ? std::string("\n  ") : std::string(1, c);
      s += "\n  " + indented;
      i = j + 1;
    }
    return in.make_str(s + "\n)");
  });
  if (full_library()) install_dict_containers(in, nn);
}

void install_dict_containers(Interpreter& in, ModuleObj& nn) {
  // ModuleDict(modules=None): update() keeps the mapping's own order (no sorting).
  auto md = library_module(in, nn, "ModuleDict",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        keys_list(in, self);
        ObjPtr mods = p.get("modules", 0);
        if (!is_none(mods))
          for (auto& [k, v] : update_pairs(in, mods, false)) dict_set(in, self, to_str(in, k), v);
      },
      [](Interpreter&, const ObjPtr&, ArgParser&) -> ObjPtr { return no_forward("ModuleDict"); });
  // ParameterList(values=None): entries "0", "1", ... ; tensors become Parameters.
  auto pl = library_module(in, nn, "ParameterList",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        cast<InstanceObj>(self).set("_size", in.make_int(0));
        ObjPtr vals = p.get("values", 0);
        if (!is_none(vals))
          for (auto& v : in.iterate(vals)) plist_append(in, self, v);
      },
      [](Interpreter&, const ObjPtr&, ArgParser&) -> ObjPtr { return no_forward("ParameterList"); },
      [](Interpreter& in, const ObjPtr& self) {
        std::string s;
        for (int64_t i = 0, n = plist_size(in, self); i < n; ++i)
          s += (i ? "\n" : "") + param_line(in, std::to_string(i), cast<InstanceObj>(self).get(std::to_string(i)));
        return s;
      });
  // ParameterDict(parameters=None): update() sorts a plain dict's items.
  auto pd = library_module(in, nn, "ParameterDict",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        keys_list(in, self);
        ObjPtr ps = p.get("parameters", 0);
        if (!is_none(ps))
          for (auto& [k, v] : update_pairs(in, ps, true)) dict_set(in, self, to_str(in, k), as_parameter(v, in));
      },
      [](Interpreter&, const ObjPtr&, ArgParser&) -> ObjPtr { return no_forward("ParameterDict"); },
      [](Interpreter& in, const ObjPtr& self) {
        std::string s;
        bool first = true;
        for (auto& k : dict_keys(in, self)) {
          s += (first ? "" : "\n") + param_line(in, k, cast<InstanceObj>(self).get(k));
          first = false;
        }
        return s;
      });
  for (auto* c : {md.get(), pd.get()}) {
    std::string n = c->class_name + ".";
    bool params = c == pd.get();
    def(*c, n, "__getitem__", [](Interpreter& in, CallArgs& a) { return dict_lookup(in, a.args.at(0), a.args.at(1)); });
    def(*c, n, "__setitem__", [params](Interpreter& in, CallArgs& a) -> ObjPtr {
      dict_set(in, a.args.at(0), to_str(in, a.args.at(1)), params ? as_parameter(a.args.at(2), in) : a.args.at(2));
      return in.none();
    });
    def(*c, n, "__len__", [](Interpreter& in, CallArgs& a) -> ObjPtr { return in.make_int(int64_t(dict_keys(in, a.args.at(0)).size())); });
    def(*c, n, "__contains__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
      std::string k = a.args.at(1)->kind == Kind::Str ? cast<StrObj>(a.args[1]).value : std::string();
      bool found = false;
      for (auto& name : dict_keys(in, a.args.at(0))) found = found || (a.args[1]->kind == Kind::Str && name == k);
      return in.make_bool(found);
    });
    def(*c, n, "keys", [](Interpreter& in, CallArgs& a) -> ObjPtr {
      std::vector<ObjPtr> out;
      for (auto& k : dict_keys(in, a.args.at(0))) out.push_back(in.make_str(k));
      return in.make_list(std::move(out));
    });
    def(*c, n, "values", [](Interpreter& in, CallArgs& a) -> ObjPtr {
      std::vector<ObjPtr> out;
      for (auto& k : dict_keys(in, a.args.at(0))) out.push_back(cast<InstanceObj>(a.args[0]).get(k));
      return in.make_list(std::move(out));
    });
    def(*c, n, "items", [](Interpreter& in, CallArgs& a) -> ObjPtr {
      std::vector<ObjPtr> out;
      for (auto& k : dict_keys(in, a.args.at(0))) out.push_back(in.make_tuple({in.make_str(k), cast<InstanceObj>(a.args[0]).get(k)}));
      return in.make_list(std::move(out));
    });
    def(*c, n, "update", [params](Interpreter& in, CallArgs& a) -> ObjPtr {
      for (auto& [k, v] : update_pairs(in, a.args.at(1), params))
        dict_set(in, a.args.at(0), to_str(in, k), params ? as_parameter(v, in) : v);
      return in.none();
    });
  }
  def(*pl, "ParameterList.", "__getitem__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    return cast<InstanceObj>(a.args.at(0)).get(std::to_string(plist_index(in, a.args.at(0), a.args.at(1))));
  });
  def(*pl, "ParameterList.", "__setitem__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    int64_t i = plist_index(in, a.args.at(0), a.args.at(1));
    cast<InstanceObj>(a.args[0]).set(std::to_string(i), as_parameter(a.args.at(2), in));
    return in.none();
  });
  def(*pl, "ParameterList.", "__len__", [](Interpreter& in, CallArgs& a) -> ObjPtr { return in.make_int(plist_size(in, a.args.at(0))); });
  def(*pl, "ParameterList.", "append", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    plist_append(in, a.args.at(0), a.args.at(1));
    return a.args[0];
  });
  def(*pl, "ParameterList.", "extend", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    for (auto& v : in.iterate(a.args.at(1))) plist_append(in, a.args.at(0), v);
    return a.args[0];
  });
}

void install_state_dict(Interpreter& in, ClassObj& mc) {
  def(mc, "Module.", "state_dict", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr self = a.args.at(0);
    a.args.erase(a.args.begin());
    ArgParser p(in, "state_dict", a);
    bool keep_vars = bool_arg(in, p.kw("keep_vars"), false);
    p.kw("prefix");
    p.finish();
    std::vector<std::pair<ObjPtr, ObjPtr>> items;
    for (auto& [name, po] : named_parameters(in, self, ""))
      items.push_back({in.make_str(name), keep_vars ? po : in.wrap_tensor(tp::detach(tensor_of(po)))});
    // module.py: destination = OrderedDict()
    ObjPtr d = in.make_dict(std::move(items));
    static_cast<DictObj&>(*d).flavor = DictObj::Flavor::OrderedDict;
    return d;
  });
  def(mc, "Module.", "load_state_dict", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr self = a.args.at(0);
    a.args.erase(a.args.begin());
    ArgParser p(in, "load_state_dict", a);
    ObjPtr sd = p.required("state_dict", 0);
    bool strict = bool_arg(in, p.get("strict", 1), true);
    p.kw("assign");
    p.finish();
    if (sd->kind != Kind::Dict)
      throw TorchError("TypeError", "Expected state_dict to be dict-like, got " + in.type_name(sd) + ".");
    auto params = named_parameters(in, self, "");
    std::vector<std::string> missing, unexpected, errors;
    std::vector<std::pair<Tensor, Tensor>> copies;
    for (auto& [name, po] : params) {
      ObjPtr v;
      for (auto& [k, val] : cast<DictObj>(sd).items)
        if (k->kind == Kind::Str && cast<StrObj>(k).value == name) v = val;
      if (!v) { missing.push_back(name); continue; }
      const Tensor& dst = tensor_of(po);
      if (!is_tensor(v)) {
        errors.push_back("While copying the parameter named \"" + name + "\", expected torch.Tensor or Tensor-like "
                         "object from checkpoint but received " + in.type_name(v));
        continue;
      }
      const Tensor& src = tensor_of(v);
      if (src.sizes() != dst.sizes()) {
        errors.push_back("size mismatch for " + name + ": copying a param with shape " + in.repr(size_obj(in, src.sizes())) +
                         " from checkpoint, the shape in current model is " + in.repr(size_obj(in, dst.sizes())) + ".");
        continue;
      }
      copies.push_back({dst, src});
    }
    for (auto& [k, val] : cast<DictObj>(sd).items) {
      std::string key = k->kind == Kind::Str ? cast<StrObj>(k).value : in.repr(k);
      bool known = false;
      for (auto& [name, po] : params) known = known || name == key;
      if (!known) unexpected.push_back(key);
    }
    {
      GradModeGuard off(false);
      for (auto& [dst, src] : copies) tp::copy_(dst, src);
    }
    if (strict) {
      if (!unexpected.empty()) errors.insert(errors.begin(), "Unexpected key(s) in state_dict: " + quoted(unexpected) + ". ");
      if (!missing.empty()) errors.insert(errors.begin(), "Missing key(s) in state_dict: " + quoted(missing) + ". ");
    }
    if (!errors.empty()) {
      std::string msg = "Error(s) in loading state_dict for " + cast<InstanceObj>(self).type_name + ":\n\t";
      for (size_t i = 0; i < errors.size(); ++i) msg += (i ? "\n\t" : "") + errors[i];
      throw TorchError("RuntimeError", msg);
    }
    return incompatible_keys(in, missing, unexpected);
  });
}

}  // namespace tp::interp::lib
