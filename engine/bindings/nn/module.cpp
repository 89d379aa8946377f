// torch.nn itself: Parameter and the Module base class (parameters, zero_grad, train/eval, __call__ ->
// forward, PyTorch's repr), the library-module factory every nn layer is made with, and install_nn,
// which installs the layers of the other files in this folder.
#include <cmath>
#include <map>

#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "bindings/library_variant.h"
#include "bindings/nn/nn.h"

namespace tp::interp::lib {

namespace {

std::shared_ptr<ClassObj> module_class(Interpreter& in) {
  return std::static_pointer_cast<ClassObj>(in.find_module("torch.nn")->get("Module"));
}

bool derives(const ClassObj& c, const std::string& name) {
  if (!c.is_user && c.class_name == name) return true;
  for (auto& b : c.bases) if (derives(*b, name)) return true;
  return false;
}

ObjPtr self_arg(CallArgs& a) {
  TP_INTERNAL_ASSERT(!a.args.empty(), "method without self");
  ObjPtr s = a.args.front();
  a.args.erase(a.args.begin());
  return s;
}

// Makes a Parameter over `t` (Parameter.__new__: t.detach() marked as a parameter).
Tensor make_parameter_impl(const Tensor& t, bool requires_grad) {
  Tensor p = tp::detach(t);
  p.impl()->is_parameter = true;
  if (requires_grad) tp::set_factory_requires_grad(p, true);
  return p;
}

void add_indent(std::string& s) {  // torch/nn/modules/module.py _addindent(s, 2)
  std::string out;
  for (char c : s) {
    out += c;
    if (c == '\n') out += "  ";
  }
  s = out;
}

std::string module_repr(Interpreter& in, const ObjPtr& self) {
  auto& inst = cast<InstanceObj>(self);
  std::vector<std::string> extra_lines, child_lines;
  if (ObjPtr er = in.getattr_or_null(self, "extra_repr")) {
    std::string e = in.str(in.call(er, CallArgs{}));
    size_t start = 0;
    while (!e.empty()) {
      size_t nl = e.find('\n', start);
      extra_lines.push_back(e.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
      if (nl == std::string::npos) break;
      start = nl + 1;
    }
  }
  for (auto& [key, mod] : module_children(in, self)) {
    std::string ms = in.repr(mod);
    add_indent(ms);
    child_lines.push_back("(" + key + "): " + ms);
  }
  std::string s = inst.type_name + "(";
  if (extra_lines.size() == 1 && child_lines.empty()) {
    s += extra_lines[0];
  } else if (!extra_lines.empty() || !child_lines.empty()) {
    s += "\n";
    for (auto& l : extra_lines) s += "  " + l + "\n";
    for (auto& l : child_lines) s += "  " + l + "\n";
  }
  return s + ")";
}

// Module.parameters() & co are generators in PyTorch: one pass, then exhausted.
// Module.parameters() and friends are Python generators: `<generator object Module.parameters at 0x...>`.
ObjPtr as_generator(Interpreter& in, std::vector<ObjPtr> items, std::string qualname) {
  return in.make_generator(std::move(items), std::move(qualname));
}

ObjPtr forward_call(Interpreter& in, CallArgs& a) {
  ObjPtr self = a.args.front();
  ObjPtr fwd = in.getattr_or_null(self, "forward");
  if (!fwd) throw TorchError("NotImplementedError",
                             "Module [" + cast<InstanceObj>(self).type_name + "] is missing the required \"forward\" function");
  a.args.erase(a.args.begin());
  return in.call(fwd, a);
}

void set_training(Interpreter& in, const ObjPtr& self, bool mode) {
  cast<InstanceObj>(self).set("training", in.make_bool(mode));
  for (auto& [k, m] : module_children(in, self)) set_training(in, m, mode);
}

// A library module class: `init` fills the instance from the constructor arguments.
std::shared_ptr<ClassObj> make_library_module(Interpreter& in, ModuleObj& nn, const std::string& name,
                                         Callable<void(Interpreter&, const ObjPtr&, ArgParser&)> init,
                                         Callable<ObjPtr(Interpreter&, const ObjPtr&, ArgParser&)> forward,
                                         Callable<std::string(Interpreter&, const ObjPtr&)> extra = nullptr) {
  auto cls = make_class(name);
  cls->bases = {module_class(in)};
  // type(m) prints the defining file's module, e.g. <class 'torch.nn.modules.linear.Linear'>.
  static const std::map<std::string, std::string> files = {
      {"Linear", "linear"}, {"Identity", "linear"}, {"ReLU", "activation"}, {"Sigmoid", "activation"},
      {"Tanh", "activation"}, {"MSELoss", "loss"}, {"CrossEntropyLoss", "loss"}, {"NLLLoss", "loss"}, {"Flatten", "flatten"}, {"Sequential", "container"}, {"ModuleList", "container"},
      {"ModuleDict", "container"}, {"ParameterList", "container"}, {"ParameterDict", "container"}};
  auto f = files.find(name);
  cls->set("__module__", in.make_str("torch.nn.modules." + (f == files.end() ? std::string("module") : f->second)));
  def(*cls, name + ".", "__init__", [name, init](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr self = self_arg(a);
    cast<InstanceObj>(self).set("training", in.make_bool(true));
    ArgParser p(in, name, a);
    init(in, self, p);
    p.finish();
    return in.none();
  });
  def(*cls, name + ".", "forward", [name, forward](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr self = self_arg(a);
    ArgParser p(in, "forward", a);
    ObjPtr r = forward(in, self, p);
    p.finish();
    return r;
  });
  if (extra)
    def(*cls, name + ".", "extra_repr", [extra](Interpreter& in, CallArgs& a) -> ObjPtr {
      return in.make_str(extra(in, a.args.front()));
    });
  nn.set(name, cls);
  return cls;
}

void install_module_base(Interpreter& in, ModuleObj& nn) {
  auto mc = make_class("Module");
  mc->set("__module__", in.make_str("torch.nn.modules.module"));
  const std::string M = "Module.";
  def(*mc, M, "__init__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    cast<InstanceObj>(a.args.front()).set("training", in.make_bool(true));
    return in.none();
  });
  def(*mc, M, "__call__", forward_call);
  def(*mc, M, "__repr__", [](Interpreter& in, CallArgs& a) -> ObjPtr { return in.make_str(module_repr(in, a.args[0])); });
  def(*mc, M, "parameters", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    std::vector<ObjPtr> out;
    for (auto& [name, p] : named_parameters(in, a.args[0], "")) out.push_back(p);
    return as_generator(in, std::move(out), "Module.parameters");
  });
  def(*mc, M, "named_parameters", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    std::vector<ObjPtr> out;
    for (auto& [name, p] : named_parameters(in, a.args[0], "")) out.push_back(in.make_tuple({in.make_str(name), p}));
    return as_generator(in, std::move(out), "Module.named_parameters");
  });
  def(*mc, M, "children", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    std::vector<ObjPtr> out;
    for (auto& [k, m] : module_children(in, a.args[0])) out.push_back(m);
    return as_generator(in, std::move(out), "Module.children");
  });
  def(*mc, M, "named_children", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    std::vector<ObjPtr> out;
    for (auto& [k, m] : module_children(in, a.args[0])) out.push_back(in.make_tuple({in.make_str(k), m}));
    return as_generator(in, std::move(out), "Module.named_children");
  });
  // modules() / named_modules(): self first, then every descendant (preorder), each once.
  def(*mc, M, "modules", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    std::vector<ObjPtr> out;
    for (auto& [name, m] : named_modules(in, a.args.at(0), "")) out.push_back(m);
    return as_generator(in, std::move(out), "Module.modules");
  });
  def(*mc, M, "named_modules", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    std::vector<ObjPtr> out;
    for (auto& [name, m] : named_modules(in, a.args.at(0), "")) out.push_back(in.make_tuple({in.make_str(name), m}));
    return as_generator(in, std::move(out), "Module.named_modules");
  });
  // apply(fn): children first (recursively), then self, like Module.apply.
  def(*mc, M, "apply", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr self = a.args.at(0), fn = a.args.at(1);
    Callable<void(const ObjPtr&)> visit = [&](const ObjPtr& m) {
      for (auto& [k, child] : module_children(in, m)) visit(child);
      CallArgs ca;
      ca.args = {m};
      in.call(fn, ca);
    };
    visit(self);
    return self;
  });
  def(*mc, M, "zero_grad", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr self = self_arg(a);
    ArgParser p(in, "zero_grad", a);
    bool to_none = bool_arg(in, p.get("set_to_none", 0), true);
    p.finish();
    for (auto& [name, po] : named_parameters(in, self, "")) zero_grad(tensor_of(po), to_none);
    return in.none();
  });
  def(*mc, M, "train", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr self = self_arg(a);
    ArgParser p(in, "train", a);
    bool mode = bool_arg(in, p.get("mode", 0), true);
    p.finish();
    set_training(in, self, mode);
    return self;
  });
  def(*mc, M, "eval", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    set_training(in, a.args[0], false);
    return a.args[0];
  });
  def(*mc, M, "requires_grad_", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr self = self_arg(a);
    ArgParser p(in, "requires_grad_", a);
    bool rg = bool_arg(in, p.get("requires_grad", 0), true);
    p.finish();
    for (auto& [name, po] : named_parameters(in, self, "")) tp::requires_grad_(tensor_of(po), rg);
    return self;
  });
  // to()/cuda()/cpu()/float()/double(): parameters keep their identity; their data moves (Module._apply).
  auto apply = [](const std::string& name) {
    return [name](Interpreter& in, CallArgs& a) -> ObjPtr {
      ObjPtr self = self_arg(a);
      for (auto& [pname, po] : named_parameters(in, self, "")) {
        CallArgs ca = a;
        ObjPtr moved = in.call(in.getattr(in.getattr(po, "data"), name), ca);
        in.setattr(po, "data", moved);
      }
      return self;
    };
  };
  for (const char* n : {"to", "cuda", "cpu", "float", "double"}) def(*mc, M, n, apply(n));
  nn.set("Module", mc);
}

}  // namespace

// kaiming_uniform_(w, a=sqrt(5)) as torch/nn/init.py computes the bound (in double), then uniform_.
void kaiming_uniform(const Tensor& w, double a, int64_t fan_in) {
  double gain = std::sqrt(2.0 / (1 + std::pow(a, 2)));
  double std_ = gain / std::sqrt(double(fan_in));
  double bound = std::sqrt(3.0) * std_;
  GradModeGuard off(false);
  tp::uniform_(w, -bound, bound);
}

std::vector<std::pair<std::string, ObjPtr>> module_children(Interpreter& in, const ObjPtr& self) {
  std::vector<std::pair<std::string, ObjPtr>> out;
  auto& inst = cast<InstanceObj>(self);
  for (auto& k : inst.attr_order) {
    ObjPtr v = inst.attrs[k];
    if (v && v->kind == Kind::Instance && cast<InstanceObj>(v).cls && derives(*cast<InstanceObj>(v).cls, "Module"))
      out.push_back({k, v});
  }
  return out;
}

std::vector<std::pair<std::string, ObjPtr>> named_modules(Interpreter& in, const ObjPtr& self, const std::string& prefix) {
  std::vector<std::pair<std::string, ObjPtr>> out{{prefix, self}};
  for (auto& [k, m] : module_children(in, self))
    for (auto& nm : named_modules(in, m, prefix.empty() ? k : prefix + "." + k)) {
      bool seen = false;
      for (auto& o : out) seen = seen || o.second.get() == nm.second.get();
      if (!seen) out.push_back(nm);
    }
  return out;
}

std::vector<std::pair<std::string, ObjPtr>> named_parameters(Interpreter& in, const ObjPtr& self,
                                                             const std::string& prefix) {
  std::vector<std::pair<std::string, ObjPtr>> out;
  auto& inst = cast<InstanceObj>(self);
  for (auto& k : inst.attr_order) {
    ObjPtr v = inst.attrs[k];
    if (is_tensor(v) && tensor_of(v).impl()->is_parameter) out.push_back({prefix + k, v});
  }
  for (auto& [k, m] : module_children(in, self))
    for (auto& np : named_parameters(in, m, prefix + k + ".")) {
      bool seen = false;  // shared parameters are listed once
      for (auto& o : out) seen = seen || o.second.get() == np.second.get();
      if (!seen) out.push_back(np);
    }
  return out;
}

std::shared_ptr<ClassObj> library_module(Interpreter& in, ModuleObj& nn, const std::string& name, ModuleInit init,
                                         ModuleForward forward, ModuleExtraRepr extra) {
  return make_library_module(in, nn, name, std::move(init), std::move(forward), std::move(extra));
}

Tensor make_parameter(const Tensor& t, bool requires_grad) { return make_parameter_impl(t, requires_grad); }

void zero_grad(const Tensor& p, bool set_to_none) {
  Tensor g = Tensor(p.impl()->grad);
  if (!g.defined()) return;
  if (set_to_none) {
    tp::set_grad(p, Tensor());
    return;
  }
  if (g.grad_fn()) tp::detach_(g);
  else tp::requires_grad_(g, false);
  tp::zero_(g);
}

void install_nn(Interpreter& in) {
  auto nn = std::make_shared<ModuleObj>("torch.nn");
  in.register_module("torch.nn", nn);
  in.find_module("torch")->set("nn", nn);
  auto pc = make_class("Parameter");
  pc->set("__module__", in.make_str("torch.nn.parameter"));
  pc->bases = {state(in).tensor_class};
  pc->call_hook = [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "Parameter", a);
    ObjPtr data = p.get("data", 0);
    bool rg = bool_arg(in, p.get("requires_grad", 1), true);
    p.finish();
    Tensor t = is_none(data) ? tp::empty({0}, ctx().default_dtype, Device{})
                             : tensor_arg(in, data, "Parameter", "data", 1);
    return in.wrap_tensor(make_parameter(t, rg));
  };
  nn.get()->set("Parameter", pc);
  install_module_base(in, *nn);
  install_linear_layers(in, *nn);
  install_basic_activation_and_loss_modules(in, *nn);
  install_flatten(in, *nn);
  install_containers(in, *nn);
  install_state_dict(in, *std::static_pointer_cast<ClassObj>(nn->get("Module")));
  install_functional(in, *nn);
  install_nn_layers(in, *nn);
  if (full_library()) install_nn_norm(in, *nn);
  if (full_library()) install_nn_conv(in, *nn);
  if (full_library()) install_nn_utils(in, *nn);
  if (full_library()) install_nn_distance(in, *nn);
  install_inplace_activations(in);
  if (full_library()) install_nn_activations(in, *nn);
  if (full_library()) install_nn_adaptive(in, *nn);
}

}  // namespace tp::interp::lib
