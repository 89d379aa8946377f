// torch.autograd.graph (torch/autograd/graph.py): saved_tensors_hooks, save_on_cpu and
// disable_saved_tensors_hooks. Entering the
// context pushes a (pack, unpack) pair (torch._C._autograd._push_saved_tensors_default_hooks);
// every tensor an op saves for backward from then on is handed to pack, and backward hands what
// pack returned to unpack (torch/csrc/autograd/python_saved_variable_hooks.cpp). The Node class
// itself lives with grad_fn (bindings/tensor/attributes.cpp).
#include "autograd/node.h"
#include "bindings/install.h"
#include "core/context.h"
#include "core/error.h"

namespace tp::interp::lib {

namespace {

// PySavedVariableHooks: one per saved tensor; holds the packed Python object.
struct PySavedHooks : SavedTensorHooks {
  PySavedHooks(Interpreter& in, ObjPtr pack, ObjPtr unpack) : in(in), pack_fn(std::move(pack)), unpack_fn(std::move(unpack)) {}
  void pack(const Tensor& t) override { data = in.call(pack_fn, CallArgs{{in.wrap_tensor(t)}, {}}); }
  Tensor unpack() override {
    ObjPtr res = in.call(unpack_fn, CallArgs{{data}, {}});
    if (!is_tensor(res))
      throw TorchError("TypeError", "Output of saved tensor unpack_hook expected to be a Tensor but got result of type " +
                                        in.type_name(res));
    return tensor_of(res);
  }
  Interpreter& in;
  ObjPtr pack_fn, unpack_fn, data;
};

ObjPtr self_attr(Interpreter& in, const ObjPtr& self, const char* name) { return in.getattr(self, name); }

}  // namespace

void install_autograd_graph(Interpreter& in, ModuleObj& autograd) {
  auto mod = std::make_shared<ModuleObj>("torch.autograd.graph");
  auto module_str = in.make_str("torch.autograd.graph");

  auto sth = make_class("saved_tensors_hooks");
  sth->set("__module__", module_str);
  def(*sth, "saved_tensors_hooks.", "__init__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "saved_tensors_hooks.__init__", a);
    ObjPtr self = p.required("self", 0);
    ObjPtr pack = p.required("pack_hook", 1);
    ObjPtr unpack = p.required("unpack_hook", 2);
    p.finish();
    in.setattr(self, "pack_hook", pack);
    in.setattr(self, "unpack_hook", unpack);
    return in.none();
  });
  def(*sth, "saved_tensors_hooks.", "__enter__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr self = a.args.at(0);
    ObjPtr pack = self_attr(in, self, "pack_hook"), unpack = self_attr(in, self, "unpack_hook");
    // SavedTensorDefaultHooks::push_hooks -> assertSavedTensorHooksNotDisabled.
    if (ctx().saved_tensor_hooks_disabled) throw TorchError("RuntimeError", *ctx().saved_tensor_hooks_disabled);
    Interpreter* ip = &in;
    ctx().saved_tensor_hooks.push_back([ip, pack, unpack]() -> std::shared_ptr<SavedTensorHooks> {
      return std::make_shared<PySavedHooks>(*ip, pack, unpack);
    });
    return in.none();
  });
  def(*sth, "saved_tensors_hooks.", "__exit__", [](Interpreter& in, CallArgs&) -> ObjPtr {
    if (!ctx().saved_tensor_hooks.empty()) ctx().saved_tensor_hooks.pop_back();
    return in.none();
  });
  mod->set("saved_tensors_hooks", sth);

  // save_on_cpu(pin_memory=False, device_type="cuda"): pack -> (tensor.device, tensor.cpu()),
  // unpack -> tensor.to(device, non_blocking=pin_memory).
  auto soc = make_class("save_on_cpu");
  soc->set("__module__", module_str);
  soc->bases = {sth};
  def(*soc, "save_on_cpu.", "__init__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "save_on_cpu.__init__", a);
    ObjPtr self = p.required("self", 0);
    bool pin = bool_arg(in, p.get("pin_memory", 1), false);
    p.get("device_type", 2);
    p.finish();
    ObjPtr pack = in.make_function("save_on_cpu.__init__.<locals>.pack_to_cpu", [](Interpreter& in, CallArgs& a) -> ObjPtr {
      ObjPtr t = a.args.at(0);
      return in.make_tuple({in.getattr(t, "device"), in.call(in.getattr(t, "cpu"), CallArgs{})});
    });
    ObjPtr unpack = in.make_function("save_on_cpu.__init__.<locals>.unpack_from_cpu", [pin](Interpreter& in, CallArgs& a) -> ObjPtr {
      auto items = in.iterate(a.args.at(0));
      CallArgs to{{items.at(0)}, {}};
      to.kwargs.emplace_back("non_blocking", in.make_bool(pin));
      return in.call(in.getattr(items.at(1), "to"), std::move(to));
    });
    in.setattr(self, "pack_hook", pack);
    in.setattr(self, "unpack_hook", unpack);
    return in.none();
  });
  mod->set("save_on_cpu", soc);

  // disable_saved_tensors_hooks(error_message), a @contextlib.contextmanager: remembers the previous
  // message, disables (SavedTensorDefaultHooks::disable raises the message at once when hooks are
  // already active), and restores the previous state in its `finally`, also after that error.
  def(*mod, "torch.autograd.graph.", "disable_saved_tensors_hooks", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "disable_saved_tensors_hooks", a);
    std::string message = in.str(p.required("error_message", 0));
    p.finish();
    auto prev = std::make_shared<std::optional<std::string>>();
    auto cm = std::make_shared<ContextManagerObj>();
    cm->type_name = "_GeneratorContextManager";
    cm->enter = [prev, message](Interpreter&) {
      *prev = ctx().saved_tensor_hooks_disabled;
      ctx().saved_tensor_hooks_disabled = message;
      if (!ctx().saved_tensor_hooks.empty()) {
        ctx().saved_tensor_hooks_disabled = *prev;
        throw TorchError("RuntimeError", message);
      }
    };
    cm->exit = [prev](Interpreter&) { ctx().saved_tensor_hooks_disabled = *prev; };
    return cm;
  });

  in.register_module("torch.autograd.graph", mod);
  autograd.set("graph", mod);
}

}  // namespace tp::interp::lib
