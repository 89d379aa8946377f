// Container modules (nn.Sequential, nn.ModuleList) and Module.state_dict / load_state_dict
// (torch/nn/modules/container.py, module.py), including load_state_dict's error report.
#include "core/context.h"
#include "core/error.h"
#include "interp/lib_install.h"
#include "interp/lib_nn.h"

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

}  // namespace

bool module_iterate(Interpreter& in, const ObjPtr& self, std::vector<ObjPtr>& out) {
  if (self->kind != Kind::Instance) return false;
  auto& inst = cast<InstanceObj>(self);
  if (!inst.cls || (inst.type_name != "Sequential" && inst.type_name != "ModuleList")) return false;
  for (auto& [k, m] : module_children(in, self)) out.push_back(m);
  return true;
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
