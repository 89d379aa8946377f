// torch.autograd.anomaly_mode (torch/autograd/anomaly_mode.py) and torch.set_anomaly_enabled /
// is_anomaly_enabled / is_anomaly_check_nan_enabled (torch/csrc/autograd/init.cpp). While anomaly
// mode is on, every node records the forward stack (PyAnomalyMetadata::store_stack); when backward
// fails in a node, that stack is reported as a warning before the error, and a gradient holding nan
// fails with "Function 'XBackward0' returned nan values in its 0th output." (autograd/engine.cpp).
//
// Note [Anomaly mode text]: PyTorch's warning is raised from its own Python file and carries the C++
// location of the TORCH_WARN; both name paths of a particular install and line numbers of a
// particular release, e.g.
//   /usr/lib/python3/site-packages/torch/autograd/graph.py:841: UserWarning: Error detected in ...
//    (Triggered internally at /pytorch/torch/csrc/autograd/python_anomaly_mode.cpp:122.)
// The playground prints them in one fixed form: paths relative to the PyTorch tree, no line numbers:
//   torch/autograd/graph.py: UserWarning: Error detected in MulBackward0. Traceback of forward ...
//    (Triggered internally at torch/csrc/autograd/python_anomaly_mode.cpp.)
// followed by graph.py's source line, as Python's warning display does. The learner's own frames
// are printed exactly as traceback.format_list prints them; frames inside PyTorch's Python code
// (torch/nn/modules/module.py's _wrapped_call_impl / _call_impl around a Module's forward) are
// not, because the playground's library has no Python source.
//
// Note [Warnings from PyTorch's C++]: the same rule for every warning. One that PyTorch raises from
// its C++ with TORCH_WARN / TORCH_WARN_ONCE reaches Python through torch/csrc/Exceptions.cpp
// (PyWarningHandler), which appends its C++ location to the message:
//   "<message> (Triggered internally at /pytorch/aten/src/ATen/native/Resize.cpp:35.)"
// (the path is the build's, /pytorch/..., ../..., /opt/conda/...; TensorBody.h is generated into
// build/). The playground appends it in one fixed form, the file relative to the PyTorch tree and
// no line number (Context::torch_warn, triggered_internally in core/context.h):
//   "<message> (Triggered internally at aten/src/ATen/native/Resize.cpp.)"
// A warning PyTorch raises from Python (warnings.warn in torch/*.py) or from C++ through
// PyErr_WarnEx directly (torch.range, torch.tensor(tensor), ctx.saved_variables) has no such suffix.
// The location before "UserWarning:" is the Python frame that called into C++, as for any warning:
// the learner's line, or, when PyTorch's own Python made the call (torch/functional.py's meshgrid
// and chain_matmul call _VF), that file in the fixed form above ("torch/functional.py: UserWarning:
// ...", no line number) followed by its source line.
#include "bindings/install.h"
#include "core/context.h"

namespace tp::interp::lib {

namespace {

// torch.set_anomaly_enabled(enabled, check_nan=True): also connects the engine to this program's
// stack and warnings.
void set_anomaly(Interpreter& in, bool enabled, bool check_nan) {
  Context& c = ctx();
  c.anomaly_enabled = enabled;
  c.anomaly_check_nan = check_nan;
  Interpreter* ip = &in;
  c.forward_stack = [ip]() { return ip->format_stack(); };
  c.report_anomaly = [ip](const std::string& message) {
    ip->warn_explicit(triggered_internally(message, "torch/csrc/autograd/python_anomaly_mode.cpp"),
                      "UserWarning", "torch/autograd/graph.py",
                      "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the "
                      "backward pass");
  };
}

ObjPtr restore_on_exit(Interpreter& in, const std::string& type_name, bool prev, bool prev_check_nan,
                       Callable<void(Interpreter&)> enter) {
  auto cm = std::make_shared<ContextManagerObj>();
  cm->type_name = type_name;
  cm->enter = std::move(enter);
  cm->exit = [prev, prev_check_nan](Interpreter& in) { set_anomaly(in, prev, prev_check_nan); };
  return cm;
}

}  // namespace

void install_anomaly_mode(Interpreter& in, ModuleObj& torch, ModuleObj& autograd) {
  auto mod = std::make_shared<ModuleObj>("torch.autograd.anomaly_mode");
  def(torch, "torch.", "set_anomaly_enabled", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "set_anomaly_enabled", a);
    bool enabled = to_bool(in, p.required("enabled", 0));
    bool check_nan = bool_arg(in, p.get("check_nan", 1), true);
    p.finish();
    set_anomaly(in, enabled, check_nan);
    return in.none();
  });
  def(torch, "torch.", "is_anomaly_enabled", [](Interpreter& in, CallArgs&) { return in.make_bool(ctx().anomaly_enabled); });
  def(torch, "torch.", "is_anomaly_check_nan_enabled",
      [](Interpreter& in, CallArgs&) { return in.make_bool(ctx().anomaly_check_nan); });

  // detect_anomaly(check_nan=True): warns at construction (stacklevel=2: the learner's line), turns
  // anomaly mode on at __enter__, restores the previous mode at __exit__.
  auto detect = make_class("detect_anomaly");
  detect->set("__module__", in.make_str("torch.autograd.anomaly_mode"));
  detect->call_hook = [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "detect_anomaly", a);
    bool check_nan = bool_arg(in, p.get("check_nan", 0), true);
    p.finish();
    bool prev = ctx().anomaly_enabled, prev_check_nan = ctx().anomaly_check_nan;
    in.warn("Anomaly Detection has been enabled. This mode will increase the runtime and should only be enabled "
            "for debugging.");
    return restore_on_exit(in, "detect_anomaly", prev, prev_check_nan,
                           [check_nan](Interpreter& in) { set_anomaly(in, true, check_nan); });
  };
  // set_detect_anomaly(mode, check_nan=True): takes effect at the call, so it works as a function too.
  auto sda = make_class("set_detect_anomaly");
  sda->set("__module__", in.make_str("torch.autograd.anomaly_mode"));
  sda->call_hook = [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "set_detect_anomaly", a);
    bool mode = to_bool(in, p.required("mode", 0));
    bool check_nan = bool_arg(in, p.get("check_nan", 1), true);
    p.finish();
    bool prev = ctx().anomaly_enabled, prev_check_nan = ctx().anomaly_check_nan;
    set_anomaly(in, mode, check_nan);
    return restore_on_exit(in, "set_detect_anomaly", prev, prev_check_nan, [](Interpreter&) {});
  };
  for (auto* m : {&autograd, mod.get()}) {
    m->set("detect_anomaly", detect);
    m->set("set_detect_anomaly", sda);
  }
  in.register_module("torch.autograd.anomaly_mode", mod);
  autograd.set("anomaly_mode", mod);
}

}  // namespace tp::interp::lib
