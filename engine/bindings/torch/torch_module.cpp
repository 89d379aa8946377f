// The `torch` module itself: install_modules (library.h), dtypes, torch.device / torch.Size /
// torch.dtype classes, grad-mode context managers, seeding and the default generator, print
// options, torch.autograd and torch.cuda.
#include <cmath>
#include <tuple>

#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "bindings/library_variant.h"
#include "bindings/torch/memory_format.h"
#include "python/library.h"
#include "ops/native.h"

namespace tp::interp::lib {

void install_set_storage(Interpreter& in, ClassObj& tensor_class);  // bindings/torch/set_storage.cpp

namespace {

// no_grad / enable_grad / inference_mode: a class whose instances are context managers and which,
// like torch's _NoParamDecoratorContextManager, also decorates a function used as @torch.no_grad.
std::shared_ptr<ClassObj> grad_mode_class(Interpreter& in, const std::string& name, bool enabled) {
  auto cls = make_class(name);
  cls->set("__module__", in.make_str("torch.autograd.grad_mode"));
  cls->call_hook = [name, enabled](Interpreter& in, CallArgs& a) -> ObjPtr {
    auto cm = std::make_shared<ContextManagerObj>();
    cm->type_name = name;
    // inference_mode(mode=True) also makes the tensors created inside inference tensors;
    // c10::InferenceMode(enabled) sets grad mode to !enabled and inference mode to enabled, so
    // inference_mode(False) turns grad mode back on inside
    bool inference = name == "inference_mode";
    auto on = std::make_shared<bool>(true);
    auto prev = std::make_shared<std::pair<bool, bool>>(true, false);
    cm->enter = [prev, enabled, inference, on](Interpreter&) {
      *prev = {ctx().grad_enabled, ctx().inference_mode};
      ctx().grad_enabled = inference ? !*on : enabled;
      if (inference) ctx().inference_mode = *on;
    };
    cm->exit = [prev](Interpreter&) { std::tie(ctx().grad_enabled, ctx().inference_mode) = *prev; };
    if (a.args.size() == 1 && a.kwargs.empty() &&
        (a.args[0]->kind == Kind::UserFunction || a.args[0]->kind == Kind::Function)) {
      CallArgs deco;
      deco.args = {a.args[0]};
      return in.call(cm, deco);  // the interpreter's decorator path for context managers
    }
    ArgParser p(in, name, a);
    ObjPtr mode = p.get("mode", 0);
    if (inference && mode && !is_none(mode)) *on = to_bool(in, mode);
    p.max_positional(inference ? 1 : 0);
    p.finish();
    return cm;
  };
  return cls;
}

ObjPtr make_generator(Interpreter& in) {
  auto g = std::make_shared<InstanceObj>("Generator");
  g->repr_hook = [](Interpreter& in) { return "<torch._C.Generator object at " + in.address_of(state(in).generator) + ">"; };
  auto fn = [&](const std::string& name, NativeFn f) { g->set(name, in.make_function("Generator." + name, f)); };
  fn("manual_seed", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "manual_seed", a);
    int64_t s = to_int(in, p.required("seed", 0), "argument 'seed'");
    p.finish();
    ctx().generator.manual_seed(uint64_t(s));
    return state(in).generator;
  });
  fn("initial_seed", [](Interpreter& in, CallArgs&) { return in.make_int(int64_t(ctx().generator.initial_seed())); });
  fn("seed", [](Interpreter& in, CallArgs&) {
    uint64_t s = 67280421310721ull;  // deterministic stand-in for a fresh random seed
    ctx().generator.manual_seed(s);
    return in.make_int(int64_t(s));
  });
  return g;
}

std::vector<Tensor> tensors_arg(Interpreter& in, const ObjPtr& o, const std::string& what, bool allow_none) {
  std::vector<Tensor> out;
  if (is_none(o)) return out;
  if (is_tensor(o)) return {tensor_of(o)};
  for (auto& it : sequence_items(in, o)) {
    if (is_tensor(it)) out.push_back(tensor_of(it));
    else if (allow_none && is_none(it)) out.push_back(Tensor());
    else throw TorchError("TypeError", what + " must be Tensors, not " + in.type_name(it));
  }
  return out;
}

std::optional<bool> opt_bool(Interpreter& in, const ObjPtr& o) {
  if (is_none(o)) return std::nullopt;
  return in.truthy(o);
}

void install_autograd(Interpreter& in, ModuleObj& torch) {
  auto ag = std::make_shared<ModuleObj>("torch.autograd");
  def(*ag, "torch.autograd.", "grad", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.autograd.grad", a);
    auto outputs = tensors_arg(in, p.required("outputs", 0), "outputs", false);
    auto inputs = tensors_arg(in, p.required("inputs", 1), "inputs", false);
    auto grad_outputs = tensors_arg(in, p.get("grad_outputs", 2), "grad_outputs", true);
    auto retain = opt_bool(in, p.get("retain_graph", 3));
    bool create = bool_arg(in, p.get("create_graph", 4), false);
    p.get("only_inputs", 5);
    bool allow_unused = bool_arg(in, p.get("allow_unused", 6), false);
    p.kw("is_grads_batched");
    p.kw("materialize_grads");
    p.finish();
    return wrap_tuple(in, tp::grad(outputs, inputs, grad_outputs, retain, create, allow_unused));
  });
  def(*ag, "torch.autograd.", "backward", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.autograd.backward", a);
    auto tensors = tensors_arg(in, p.required("tensors", 0), "tensors", false);
    auto grads = tensors_arg(in, p.get("grad_tensors", 1), "grad_tensors", true);
    auto retain = opt_bool(in, p.get("retain_graph", 2));
    bool create = bool_arg(in, p.get("create_graph", 3), false);
    p.kw("inputs");
    p.finish();
    grads.resize(tensors.size());
    tp::autograd_backward(tensors, grads, retain, create);
    return in.none();
  });
  def(*ag, "torch.autograd.", "Variable", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "Variable", a);
    const Tensor& t = tensor_arg(in, p.required("data", 0), "Variable", "data", 1);
    bool rg = bool_arg(in, p.get("requires_grad", 1), false);
    p.finish();
    Tensor v = tp::detach(t);
    if (rg) tp::requires_grad_(v, true);
    return in.wrap_tensor(v);
  });
  ag->set("no_grad", torch.get("no_grad"));
  ag->set("enable_grad", torch.get("enable_grad"));
  ag->set("set_grad_enabled", torch.get("set_grad_enabled"));
  in.register_module("torch.autograd", ag);
  torch.set("autograd", ag);
  install_autograd_function(in, *ag);
  if (full_library()) install_autograd_graph(in, *ag);
  if (full_library()) install_anomaly_mode(in, torch, *ag);
  if (full_library()) install_autograd_functional(in, *ag);
  if (full_library()) install_autograd_gradcheck(in, *ag);
}

void install_cuda(Interpreter& in, ModuleObj& torch) {
  // Note [Simulated devices]: tensors may live on "cuda"/"mps" (simulated memory spaces, so device
  // rules and reprs match PyTorch), but torch.cuda.is_available() honestly answers False.
  auto cuda = std::make_shared<ModuleObj>("torch.cuda");
  def(*cuda, "torch.cuda.", "is_available", [](Interpreter& in, CallArgs&) { return in.make_bool(false); });
  def(*cuda, "torch.cuda.", "device_count", [](Interpreter& in, CallArgs&) { return in.make_int(0); });
  def(*cuda, "torch.cuda.", "manual_seed", [](Interpreter& in, CallArgs&) { return in.none(); });
  def(*cuda, "torch.cuda.", "manual_seed_all", [](Interpreter& in, CallArgs&) { return in.none(); });
  in.register_module("torch.cuda", cuda);
  torch.set("cuda", cuda);
  auto backends = std::make_shared<ModuleObj>("torch.backends");
  auto mps = std::make_shared<ModuleObj>("torch.backends.mps");
  def(*mps, "torch.backends.mps.", "is_available", [](Interpreter& in, CallArgs&) { return in.make_bool(false); });
  backends->set("mps", mps);
  in.register_module("torch.backends", backends);
  in.register_module("torch.backends.mps", mps);
  torch.set("backends", backends);
}

}  // namespace

void install_torch_attributes(Interpreter& in, TorchModule& torch) {
  const std::string T = "torch.";
  // ---------------------------------------------------------------- dtypes
  auto dtype_cls = make_class("dtype");
  dtype_cls->set("__module__", in.make_str("torch"));
  torch.set("dtype", dtype_cls);
  for (DType d : kAllDTypes) {
    torch.dtypes[int(d)] = std::make_shared<DTypeObj>(d);
    torch.set(dtype_short_name(d), torch.dtypes[int(d)]);
  }
  torch.set("float", torch.dtypes[int(DType::Float32)]);
  torch.set("double", torch.dtypes[int(DType::Float64)]);
  torch.set("long", torch.dtypes[int(DType::Int64)]);
  torch.set("int", torch.dtypes[int(DType::Int32)]);
  torch.set("short", torch.dtypes[int(DType::Int16)]);
  torch.set("half", torch.dtypes[int(DType::Float16)]);
  // The playground follows PyTorch 2.x; programs printing the version see a 2.x release string.
  torch.set("__version__", in.make_str("2.5.1"));
  torch.set("pi", in.make_float(M_PI));
  torch.set("e", in.make_float(M_E));
  torch.set("inf", in.make_float(INFINITY));
  torch.set("nan", in.make_float(NAN));
  def(torch, T, "get_default_dtype", [](Interpreter& in, CallArgs& a) {
    ArgParser(in, "get_default_dtype", a).max_positional(0);
    return dtype_obj(in, ctx().default_dtype);
  });
  def(torch, T, "set_default_dtype", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "set_default_dtype", a);
    DType d = to_dtype(p.required("d", 0));
    p.finish();
    if (!is_floating(d)) throw TorchError("TypeError", "only floating-point types are supported as the default type");
    ctx().default_dtype = d;
    return in.none();
  });

  // ---------------------------------------------------------------- device, Size
  auto device_cls = make_class("device");
  device_cls->set("__module__", in.make_str("torch"));
  device_cls->call_hook = [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "device", a);
    ObjPtr type = p.required("type", 0);
    ObjPtr index = p.get("index", 1);
    p.finish();
    if (type->kind == Kind::Device) return type;
    std::string spec = to_str(in, type, "device()");
    if (!is_none(index)) spec += ":" + std::to_string(to_int(in, index));
    Device d = parse_device(spec);
    return device_obj(in, d, spec.find(':') != std::string::npos);
  };
  torch.set("device", device_cls);
  auto size_cls = make_class("Size");
  size_cls->set("__module__", in.make_str("torch"));
  size_cls->call_hook = [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "Size", a);
    ObjPtr seq = p.get("sizes", 0);
    p.finish();
    if (is_none(seq)) return size_obj(in, {});
    Shape s;
    for (auto& it : in.iterate(seq)) s.push_back(to_int(in, it));
    return size_obj(in, s);
  };
  if (ObjPtr tuple = in.builtin("tuple"); tuple && tuple->kind == Kind::Class)
    size_cls->bases = {std::static_pointer_cast<ClassObj>(tuple)};  // isinstance(s, tuple)
  torch.set("Size", size_cls);

  // ---------------------------------------------------------------- grad mode
  torch.set("no_grad", grad_mode_class(in, "no_grad", false));
  torch.set("enable_grad", grad_mode_class(in, "enable_grad", true));
  torch.set("inference_mode", grad_mode_class(in, "inference_mode", false));
  auto sge = make_class("set_grad_enabled");
  sge->set("__module__", in.make_str("torch.autograd.grad_mode"));
  sge->call_hook = [](Interpreter& in, CallArgs& a) -> ObjPtr {
    // Takes effect at the call (torch's set_grad_enabled.__init__); restores on __exit__.
    ArgParser p(in, "set_grad_enabled", a);
    bool mode = to_bool(in, p.required("mode", 0));
    p.finish();
    auto cm = std::make_shared<ContextManagerObj>();
    cm->type_name = "set_grad_enabled";
    bool prev = ctx().grad_enabled;
    ctx().grad_enabled = mode;
    cm->enter = [](Interpreter&) {};
    cm->exit = [prev](Interpreter&) { ctx().grad_enabled = prev; };
    return cm;
  };
  torch.set("set_grad_enabled", sge);
  def(torch, T, "is_grad_enabled", [](Interpreter& in, CallArgs&) { return in.make_bool(ctx().grad_enabled); });
  def(torch, T, "is_inference_mode_enabled", [](Interpreter& in, CallArgs&) { return in.make_bool(ctx().inference_mode); });

  // ---------------------------------------------------------------- random state
  torch.generator = make_generator(in);
  torch.set("default_generator", torch.generator);
  def(torch, T, "manual_seed", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "manual_seed", a);
    int64_t s = to_int(in, p.required("seed", 0), "argument 'seed'");
    p.finish();
    ctx().generator.manual_seed(uint64_t(s));
    return state(in).generator;
  });
  def(torch, T, "initial_seed", [](Interpreter& in, CallArgs&) {
    return in.make_int(int64_t(ctx().generator.initial_seed()));
  });
  def(torch, T, "seed", [](Interpreter& in, CallArgs& a) { return in.call(in.getattr(state(in).generator, "seed"), a); });

  // ---------------------------------------------------------------- predicates and printing
  def(torch, T, "is_tensor", [](Interpreter& in, CallArgs& a) {
    ArgParser p(in, "is_tensor", a);
    ObjPtr o = p.required("obj", 0);
    p.finish();
    return in.make_bool(is_tensor(o));
  });
  def(torch, T, "is_floating_point", [](Interpreter& in, CallArgs& a) {
    ArgParser p(in, "is_floating_point", a);
    const Tensor& t = tensor_arg(in, p.required("input", 0), "is_floating_point", "input", 1);
    p.finish();
    return in.make_bool(is_floating(t.dtype()));
  });
  // c10's promotion table and canCast, and at::result_type (tensors and Python numbers by category).
  def(torch, T, "promote_types", [](Interpreter& in, CallArgs& a) {
    ArgParser p(in, "promote_types", a);
    DType x = to_dtype(p.required("type1", 0)), y = to_dtype(p.required("type2", 1));
    p.finish();
    return dtype_obj(in, promote_types(x, y));
  });
  def(torch, T, "can_cast", [](Interpreter& in, CallArgs& a) {
    ArgParser p(in, "can_cast", a);
    DType from = to_dtype(p.required("from_", 0)), to = to_dtype(p.required("to", 1));
    p.finish();
    return in.make_bool(can_cast(from, to));
  });
  def(torch, T, "result_type", [](Interpreter& in, CallArgs& a) {
    ArgParser p(in, "result_type", a);
    ObjPtr x = p.required("tensor", 0), y = p.required("other", 1);
    p.finish();
    auto operand = [](const ObjPtr& o) { return is_tensor(o) ? tensor_of(o) : native::wrap_scalar(to_scalar(o)); };
    return dtype_obj(in, native::result_type(operand(x), operand(y)));
  });
  def(torch, T, "numel", [](Interpreter& in, CallArgs& a) {
    ArgParser p(in, "numel", a);
    const Tensor& t = tensor_arg(in, p.required("input", 0), "numel", "input", 1);
    p.finish();
    return in.make_int(t.numel());
  });
  def(torch, T, "set_printoptions", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    // torch/_tensor_str.py set_printoptions: a profile first, then explicit values override it.
    ArgParser p(in, "set_printoptions", a);
    auto& po = ctx().print_options;
    ObjPtr profile = p.get("profile", 4);
    if (!is_none(profile)) {
      std::string pr = to_str(in, profile);
      if (pr == "default") po = tp::PrintOptions{};
      else if (pr == "short") { po.precision = 2; po.threshold = 1000; po.edgeitems = 2; po.linewidth = 80; }
      else if (pr == "full") { po.precision = 4; po.threshold = INFINITY; po.edgeitems = 3; po.linewidth = 80; }
    }
    if (ObjPtr v = p.get("precision", 0); !is_none(v)) po.precision = int(to_int(in, v));
    if (ObjPtr v = p.get("threshold", 1); !is_none(v)) po.threshold = to_double(in, v);
    if (ObjPtr v = p.get("edgeitems", 2); !is_none(v)) po.edgeitems = int(to_int(in, v));
    if (ObjPtr v = p.get("linewidth", 3); !is_none(v)) po.linewidth = int(to_int(in, v));
    ObjPtr sci = p.get("sci_mode", 5);
    po.sci_mode = is_none(sci) ? std::nullopt : std::optional<bool>(in.truthy(sci));
    p.finish();
    return in.none();
  });

  install_autograd(in, torch);
  install_cuda(in, torch);
}

void install_modules(Interpreter& in) {
  auto torch = std::make_shared<TorchModule>();
  in.register_module("torch", torch);  // first: state(in) finds the library state through it
  auto tc = make_class("Tensor");
  tc->set("__module__", in.make_str("torch"));
  torch->tensor_class = tc;
  torch->set("Tensor", tc);
  install_torch_attributes(in, *torch);
  install_creation(in, *torch, *tc);
  install_view_methods(in, *torch, *tc);
  install_math_methods(in, *torch, *tc);
  install_shape_methods(in, *torch, *tc);
  install_set_storage(in, *tc);
  install_reductions(in, *torch, *tc);
  install_sort_scatter(in, *torch, *tc);
  if (full_library()) install_index_ops(in, *torch, *tc);
  if (full_library()) install_clamp_round_lerp(in, *torch, *tc);
  if (full_library()) install_pointwise_functions(in, *torch, *tc);
  if (full_library()) install_shape_ops(in, *torch, *tc);
  if (full_library()) install_index_gen(in, *torch, *tc);
  if (full_library()) install_split_repeat(in, *torch, *tc);
  if (full_library()) install_cummax_logcumsumexp(in, *torch, *tc);
  if (full_library()) install_matrix_builders(in, *torch, *tc);
  if (full_library()) install_statistics(in, *torch, *tc);
  if (full_library()) install_special_ops(in, *torch, *tc);
  if (full_library()) install_tensor_extras(in, *torch, *tc);
  if (full_library()) install_random_ops(in, *torch, *tc);
  if (full_library()) install_bitwise(in, *torch, *tc);
  if (full_library()) install_joining(in, *torch, *tc);
  if (full_library()) install_type_info(in, *torch);
  install_frombuffer(in, *torch);
  install_tensor_core_methods(in, *tc);
  install_memory_formats(in, *torch, *tc);
  for (const char* n : {"index_select", "masked_select"}) torch->set(n, tc->get(n));
  install_nn(in);
  if (full_library()) install_nn_unflatten(in, *std::static_pointer_cast<ModuleObj>(torch->get("nn")));
  if (full_library()) install_selections(in, *torch, *tc);
  install_out_arguments(in, *torch);  // after every torch.* function exists
  install_optim(in);
  install_numpy(in);
  install_copy_module(in);
  install_math_module(in);
  if (full_library()) install_data(in);
}

}  // namespace tp::interp::lib
