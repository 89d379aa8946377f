// torch.autograd.Function (torch/autograd/function.py + torch/csrc/autograd/python_function.cpp +
// custom_function.cpp): Fn.apply runs the user's forward in no_grad mode with a fresh ctx, wraps
// the outputs (inputs returned as-is become views, mark_dirty rebases history, non-differentiable
// outputs are detached), saves ctx.to_save, and hangs a CustomFunctionNode named `<Fn>Backward` on
// the outputs; its backward calls the user's backward with the ctx. Also FunctionCtx methods,
// once_differentiable, and the ctx's attributes (saved_tensors, needs_input_grad, ...).
#include <unordered_map>
#include <unordered_set>

#include "autograd/copy_slices.h"
#include "autograd/custom_function.h"
#include "autograd/graph.h"
#include "bindings/install.h"
#include "core/context.h"
#include "core/error.h"
#include "ops/native.h"

namespace tp::interp::lib {

namespace {

// Note [Custom Function objects] (autograd/custom_function.h): the ctx is the node's Python object.
// While the op records history the node owns the ctx; when it does not (no input requires grad or
// grad mode is off) the ctx owns the node, so ctx.saved_tensors etc. still answer.
struct FunctionCtxObj : InstanceObj {
  TP_OBJECT_SUBTYPE(FunctionCtx)
  explicit FunctionCtxObj(std::string type) : InstanceObj(std::move(type)) { subtype = kSubtype; }
  std::weak_ptr<CustomFunctionNode> node;
  std::shared_ptr<CustomFunctionNode> owned_node;  // only when not executable (see above)
  ObjPtr to_save, dirty_tensors, non_differentiable, saved_for_forward;  // tuples; null = not called
  std::vector<bool> needs_input_grad, is_variable_input;
  bool materialize_grads = true;
  std::vector<std::optional<InputMeta>> output_info;  // per output; nullopt = not a tensor
};

// Python's type name for error messages (Py_TYPE(obj)->tp_name).
std::string tp_name(Interpreter& in, const ObjPtr& o) { return is_tensor(o) ? "Tensor" : in.type_name(o); }

std::vector<ObjPtr> tuple_items(const ObjPtr& t) {
  if (!t) return {};
  return cast<TupleObj>(t).items;
}

ObjPtr function_class(Interpreter& in) {
  return in.find_module("torch.autograd.function")->get("Function");
}

// FunctionMeta: `<Fn>Backward`, made on first apply (the language has no metaclasses) and kept on Fn.
std::shared_ptr<ClassObj> backward_class(Interpreter& in, const ObjPtr& cls_obj) {
  auto& cls = cast<ClassObj>(cls_obj);
  if (auto b = cls.get("_backward_cls"); b && b->kind == Kind::Class) return std::static_pointer_cast<ClassObj>(b);
  auto base = in.find_module("torch.autograd.function")->get("BackwardCFunction");
  auto b = make_class(cls.class_name + "Backward");
  b->bases = {std::static_pointer_cast<ClassObj>(base)};
  b->set("__module__", in.make_str("torch.autograd.function"));
  b->set("_forward_cls", cls_obj);
  cls.set("_backward_cls", b);
  return b;
}

FunctionCtxObj& ctx_of(Interpreter& in, const ObjPtr& o) {
  auto* c = obj_cast<FunctionCtxObj>(o.get());
  if (!c) in.raise("TypeError", "descriptor requires a 'torch._C._FunctionBase' object but received a '" +
                                    in.type_name(o) + "'");
  return *c;
}

// ---------------------------------------------------------------- backward (PyNode::apply)

TensorList call_backward(Interpreter& in, CustomFunctionNode& node, TensorList&& grads) {
  auto ctx_obj = std::static_pointer_cast<Object>(node.py_object);
  auto& c = cast<FunctionCtxObj>(ctx_obj);
  std::vector<ObjPtr> args = {ctx_obj};
  for (size_t i = 0; i < grads.size(); ++i) {
    const Tensor& g = grads[i];
    bool tensor_out = i < c.output_info.size() && c.output_info[i].has_value();
    if (g.defined() || !c.materialize_grads || !tensor_out) {
      args.push_back(wrap(in, g));
    } else {
      const InputMeta& m = *c.output_info[i];
      args.push_back(in.wrap_tensor(native::zeros(m.sizes, m.dtype, m.device)));
    }
  }
  grads.clear();

  // BackwardCFunction.apply: the user defines backward or vjp, never both.
  ObjPtr fwd_cls = c.cls->get("_forward_cls");
  ObjPtr base = function_class(in);
  ObjPtr backward_fn = in.getattr(fwd_cls, "backward"), vjp_fn = in.getattr(fwd_cls, "vjp");
  ObjPtr base_backward = in.getattr(base, "backward"), base_vjp = in.getattr(base, "vjp");
  if (backward_fn != base_backward && vjp_fn != base_vjp)
    throw TorchError("RuntimeError", "Implementing both 'backward' and 'vjp' for a custom Function is not allowed. "
                                     "You should only implement one of them.");
  CallArgs call;
  call.args = std::move(args);
  ObjPtr r = in.call(vjp_fn != base_vjp ? vjp_fn : backward_fn, std::move(call));

  std::vector<ObjPtr> results = r->kind == Kind::Tuple ? cast<TupleObj>(r).items : std::vector<ObjPtr>{r};
  size_t num_forward_inputs = c.is_variable_input.size();
  // Returning too many results is fine as long as the extra ones are None.
  if (results.size() > num_forward_inputs) {
    bool all_none = true;
    for (size_t i = num_forward_inputs; i < results.size(); ++i) all_none = all_none && is_none(results[i]);
    if (all_none) results.resize(num_forward_inputs);
  }
  if (results.size() != num_forward_inputs)
    throw TorchError("RuntimeError", "function " + node.name() + " returned an incorrect number of gradients (expected " +
                                         std::to_string(num_forward_inputs) + ", got " +
                                         std::to_string(results.size()) + ")");
  TensorList out;
  for (size_t i = 0; i < results.size(); ++i) {
    const ObjPtr& g = results[i];
    if (!c.is_variable_input[i]) {
      if (!is_none(g))
        throw TorchError("RuntimeError", "function " + node.name() + " returned a gradient different than None at position " +
                                             std::to_string(i + 1) + ", but the corresponding forward input was not a Variable");
      continue;
    }
    if (is_none(g)) {
      out.emplace_back();
    } else {
      if (!is_tensor(g)) throw TorchError("RuntimeError", "expected Variable or None (got " + tp_name(in, g) + ")");
      out.push_back(tensor_of(g));
    }
  }
  return out;
}

// ---------------------------------------------------------------- forward (THPFunction_apply)

// A view of `t` made with no history: how an input returned as-is gets its own grad_fn.
Tensor view_as_self_no_grad(const Tensor& t) {
  GradModeGuard g(false);
  return tp::view(t, t.sizes());
}

// process_outputs + _wrap_outputs (python_function.cpp) and _process_backward_mode_ad (custom_function.cpp).
ObjPtr process_outputs(Interpreter& in, FunctionCtxObj& c, const std::shared_ptr<CustomFunctionNode>& node,
                       const std::vector<Tensor>& input_vars, ObjPtr raw, bool is_executable, bool setup_context) {
  bool unpack_output = raw->kind != Kind::Tuple;
  std::vector<ObjPtr> raw_outputs = unpack_output ? std::vector<ObjPtr>{raw} : cast<TupleObj>(raw).items;
  size_t num_outputs = raw_outputs.size();

  // _get_tensors_to_save
  std::unordered_set<TensorImpl*> to_save_if_setup_context;
  std::vector<Tensor> tensors_to_save;
  {
    auto items = tuple_items(c.saved_for_forward);
    if (setup_context)
      for (auto& o : items)
        if (is_tensor(o)) to_save_if_setup_context.insert(tensor_of(o).impl());
    items = tuple_items(c.to_save);
    for (size_t i = 0; i < items.size(); ++i) {
      const ObjPtr& o = items[i];
      if (is_none(o)) {
        tensors_to_save.emplace_back();
      } else if (is_tensor(o)) {
        if (setup_context) to_save_if_setup_context.insert(tensor_of(o).impl());
        if (is_executable) tensors_to_save.push_back(tensor_of(o));
      } else if (is_executable) {
        throw TorchError("TypeError", "save_for_backward can only save variables, but argument " + std::to_string(i) +
                                          " is of type " + tp_name(in, o));
      }
    }
    c.to_save = nullptr;
  }

  // _parse_non_differentiable, _mark_dirty
  std::unordered_set<TensorImpl*> non_differentiable, dirty_inputs;
  for (auto& o : tuple_items(c.non_differentiable)) {
    if (!is_tensor(o))
      throw TorchError("RuntimeError", "mark_non_differentiable only accepts variable arguments, but got " + tp_name(in, o));
    non_differentiable.insert(tensor_of(o).impl());
  }
  c.non_differentiable = nullptr;
  {
    auto items = tuple_items(c.dirty_tensors);
    for (size_t i = 0; i < items.size(); ++i) {
      if (!is_tensor(items[i]))
        throw TorchError("RuntimeError", "mark_dirty can only accept variables, but argument " + std::to_string(i) +
                                             " is of type " + tp_name(in, items[i]));
      dirty_inputs.insert(tensor_of(items[i]).impl());
      tensor_of(items[i]).bump_version();
    }
    c.dirty_tensors = nullptr;
  }

  std::unordered_map<TensorImpl*, size_t> inputs_mapping;
  for (size_t i = 0; i < input_vars.size(); ++i) inputs_mapping.emplace(input_vars[i].impl(), i);
  const std::shared_ptr<CustomFunctionNode> cdata = is_executable ? node : nullptr;

  const char* input_returned_as_is =
      "A input that has been returned as-is as output is being saved for backward. This is not supported if you "
      "override setup_context. You should return and save a view of the input instead, e.g. with x.view_as(x) or "
      "setup ctx inside the forward function itself.";
  auto set_gradient_edge = [&](Tensor& var, uint32_t output_nr) {
    var.impl()->grad_fn = cdata;
    var.impl()->output_nr = output_nr;
    if (var.impl()->base) var.impl()->attr_version = var.version();
  };

  std::vector<ObjPtr> outputs(num_outputs);
  std::unordered_set<TensorImpl*> outputs_impl;
  int num_diff_outputs = 0;
  c.output_info.assign(num_outputs, std::nullopt);
  for (size_t i = 0; i < num_outputs; ++i) {
    if (!is_tensor(raw_outputs[i])) {
      if (cdata) {
        cdata->input_meta.push_back(InputMeta{});
        cdata->outputs.emplace_back();
      }
      outputs[i] = raw_outputs[i];
      continue;
    }
    Tensor var = tensor_of(raw_outputs[i]);
    TensorImpl* out_impl = var.impl();
    bool is_input = inputs_mapping.count(out_impl) > 0;
    bool is_modified = dirty_inputs.count(out_impl) > 0;
    bool is_differentiable = cdata && !non_differentiable.count(out_impl) && is_floating(var.dtype());
    bool is_saved_and_setup_context = to_save_if_setup_context.count(out_impl) > 0;
    auto output_nr = uint32_t(i);
    if (cdata) cdata->input_meta.push_back(is_differentiable ? input_meta_of(var) : InputMeta{});

    if (!is_differentiable) {
      if (!var.requires_grad()) {
        if (is_input && !is_modified) {
          TP_CHECK(!is_saved_and_setup_context, input_returned_as_is);
          var = view_as_self_no_grad(var);
        }
      } else if (is_input) {
        var = tp::detach(var);
      } else if (!var.impl()->base) {
        tp::detach_(var);
      }
    } else if (is_modified) {
      TP_CHECK(!(var.is_leaf() && var.requires_grad()),
               "a leaf Variable that requires grad has been used in an in-place operation.");
      if (!is_input)
        in.warn(triggered_internally("Only input Tensors should be given to ctx.mark_dirty(). If a Tensor is not an "
                                     "input, there is no need to pass it to mark_dirty().",
                                     "torch/csrc/autograd/custom_function.cpp"));
      TP_CHECK(!(var.impl()->base && num_outputs > 1),
               "If your Function modifies inplace an input that is a view of another Tensor, your Function cannot "
               "return more than one Tensor. This is not supported by the current autograd engine. You should either "
               "make sure the input is not a view (using .clone() for example) or make your Function only return one "
               "Tensor (potentially splitting it into two Functions: one doing the inplace that returns a single "
               "Tensor and a second one that does the other operations). You can ask on the forum "
               "https://discuss.pytorch.org/ if you need help to do this change.");
      var.impl()->grad = nullptr;
      var.impl()->grad_hooks.clear();
      if (var.impl()->base) {
        rebase_history(var, cdata);  // the base gets CopySlices around this node
      } else {
        auto old = var.impl()->grad_fn;
        set_gradient_edge(var, output_nr);
        move_retain_hooks(var, old, cdata);
      }
    } else if (is_input) {
      TP_CHECK(!is_saved_and_setup_context, input_returned_as_is);
      var = view_as_self_no_grad(var);
      set_gradient_edge(var, output_nr);
    } else {
      set_gradient_edge(var, output_nr);
    }
    // CreationMeta::IN_CUSTOM_FUNCTION for the views the Function returns.
    if (!(is_input && is_modified) && var.impl()->base) {
      var.impl()->view_created_in_custom_function = true;
      var.impl()->view_created_in_no_grad = false;
      var.impl()->view_is_multi_output = false;
    }
    if (is_differentiable) ++num_diff_outputs;
    if (cdata) cdata->outputs.push_back(var.impl_ptr());
    outputs_impl.insert(out_impl);
    c.output_info[i] = input_meta_of(var);
    outputs[i] = in.wrap_tensor(var);
  }
  if (num_diff_outputs > 1) {
    for (auto& o : outputs) {
      if (!is_tensor(o) || !tensor_of(o).impl()->base) continue;
      TensorImpl* v = tensor_of(o).impl();
      v->view_created_in_custom_function = false;
      v->view_is_multi_output = true;
      v->multi_output_node_name = node->name();
    }
  }
  for (TensorImpl* d : dirty_inputs)
    TP_CHECK(outputs_impl.count(d), "Some elements marked as dirty during the forward method were not returned as "
                                    "output. The inputs that are modified inplace must all be outputs of the Function.");

  // _save_variables: after wrapping, so saved outputs know their grad_fn.
  if (is_executable && !tensors_to_save.empty()) {
    std::unordered_set<TensorImpl*> output_impls;
    for (auto& o : outputs)
      if (is_tensor(o)) output_impls.insert(tensor_of(o).impl());
    node->saved.clear();
    for (size_t i = 0; i < tensors_to_save.size(); ++i) {
      const Tensor& t = tensors_to_save[i];
      node->saved.emplace_back("saved_tensors[" + std::to_string(i) + "]", t, t.defined() && output_impls.count(t.impl()));
    }
  }
  c.saved_for_forward = nullptr;
  return unpack_output ? outputs[0] : in.make_tuple(std::move(outputs));
}

ObjPtr function_apply(Interpreter& in, CallArgs& a) {
  ObjPtr cls = a.args[0];
  std::vector<ObjPtr> inputs(a.args.begin() + 1, a.args.end());
  std::vector<Tensor> input_vars;
  std::vector<bool> is_variable_input, needs_input_grad;
  bool any_requires_grad = false;
  for (auto& arg : inputs) {
    bool is_var = is_tensor(arg);
    is_variable_input.push_back(is_var);
    bool rg = is_var && tensor_of(arg).requires_grad();
    needs_input_grad.push_back(rg);
    any_requires_grad = any_requires_grad || rg;
    if (is_var) input_vars.push_back(tensor_of(arg));
  }
  bool is_executable = ctx().grad_enabled && any_requires_grad;

  auto bcls = backward_class(in, cls);
  auto c = std::make_shared<FunctionCtxObj>(bcls->class_name);
  c->cls = bcls;
  std::weak_ptr<Object> weak_self = c;
  c->repr_hook = [weak_self, name = bcls->class_name](Interpreter& in) {
    return "<torch.autograd.function." + name + " object at " + in.address_of(weak_self.lock()) + ">";
  };
  auto node = std::make_shared<CustomFunctionNode>(bcls->class_name);
  node->backward = [&in](CustomFunctionNode& n, TensorList&& grads) { return call_backward(in, n, std::move(grads)); };
  c->node = node;
  c->needs_input_grad = needs_input_grad;
  c->is_variable_input = is_variable_input;
  if (is_executable) {
    node->next_edges = collect_next_edges(input_vars);
    node->py_object = c;  // Note [Custom Function objects]
  } else {
    c->owned_node = node;
  }

  ObjPtr base = function_class(in);
  bool setup_context = in.getattr(cls, "setup_context") != in.getattr(base, "setup_context");
  ObjPtr output;
  {
    GradModeGuard no_grad(false);
    ObjPtr forward = in.getattr(cls, "forward");
    CallArgs call;
    if (setup_context) {
      call.args = inputs;
      call.kwargs = a.kwargs;
      output = in.call(forward, std::move(call));
      CallArgs sc;
      sc.args = {c, in.make_tuple(inputs), output};
      in.call(in.getattr(cls, "setup_context"), std::move(sc));
    } else {
      call.args = {c};
      call.args.insert(call.args.end(), inputs.begin(), inputs.end());
      call.kwargs = a.kwargs;
      output = in.call(forward, std::move(call));
    }
  }
  return process_outputs(in, *c, node, input_vars, output, is_executable, setup_context);
}

// ---------------------------------------------------------------- once_differentiable

ObjPtr once_differentiable(Interpreter& in, CallArgs& a) {
  ArgParser p(in, "once_differentiable", a);
  ObjPtr fn = p.required("fn", 0);
  p.finish();
  return in.make_function("once_differentiable.wrapper", [fn](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr outputs;
    {
      GradModeGuard no_grad(false);
      outputs = in.call(fn, a);
    }
    if (!ctx().grad_enabled) return outputs;
    bool requires_grad = false;
    for (size_t i = 1; i < a.args.size(); ++i)
      requires_grad = requires_grad || (is_tensor(a.args[i]) && tensor_of(a.args[i]).requires_grad());
    if (!requires_grad) return outputs;
    std::vector<ObjPtr> items = outputs->kind == Kind::Tuple ? cast<TupleObj>(outputs).items : std::vector<ObjPtr>{outputs};
    TensorList fakes;
    for (auto& o : items) {
      if (is_none(o)) {
        fakes.emplace_back();
        continue;
      }
      if (!is_tensor(o)) in.raise("AttributeError", "'" + in.type_name(o) + "' object has no attribute 'detach'");
      Tensor v = tp::detach(tensor_of(o));
      tp::set_requires_grad_attr(v, true);
      fakes.push_back(v);
    }
    TensorList outs = delayed_error("trying to differentiate twice a function that was marked with @once_differentiable",
                                    fakes);
    if (outs.size() == 1) return wrap(in, outs[0]);
    return wrap_tuple(in, outs);
  });
}

// ---------------------------------------------------------------- ctx methods

void ctx_method(Interpreter& in, ClassObj& cls, const std::string& name, Callable<ObjPtr(Interpreter&, FunctionCtxObj&, CallArgs&)> f) {
  def(cls, "FunctionCtx.", name, [f](Interpreter& in, CallArgs& a) -> ObjPtr {
    FunctionCtxObj& c = ctx_of(in, a.args.at(0));
    CallArgs rest;
    rest.args.assign(a.args.begin() + 1, a.args.end());
    rest.kwargs = a.kwargs;
    return f(in, c, rest);
  });
}

ObjPtr static_raiser(Interpreter& in, const std::string& qualname, const std::string& type, const std::string& msg) {
  ObjPtr f = in.make_function(qualname, [type, msg](Interpreter& in, CallArgs&) -> ObjPtr { in.raise(type, msg); });
  CallArgs w;
  w.args = {f};
  return in.call(in.builtin("staticmethod"), std::move(w));
}

}  // namespace

// ctx attributes that are C fields in PyTorch (THPFunction_properties); nullptr = not one of them.
ObjPtr function_ctx_getattr(Interpreter& in, const ObjPtr& self, const std::string& name) {
  auto* c = obj_cast<FunctionCtxObj>(self.get());
  if (!c) return nullptr;
  auto node = c->node.lock();
  auto bools = [&](const std::vector<bool>& v) {
    std::vector<ObjPtr> items;
    for (bool b : v) items.push_back(in.make_bool(b));
    return in.make_tuple(std::move(items));
  };
  if (name == "saved_tensors" || name == "saved_variables") {
    if (name == "saved_variables") in.warn("'saved_variables' is deprecated; use 'saved_tensors'", "DeprecationWarning");
    if (c->saved_for_forward) return c->saved_for_forward;
    if (!node) return in.make_tuple({});
    TensorList saved = node->unpack_saved();
    std::vector<ObjPtr> items;
    for (size_t i = 0; i < saved.size(); ++i) {
      const SavedVariable& sv = node->saved[i];
      if (!saved[i].defined()) {
        items.push_back(in.none());
      } else if (sv.is_output()) {
        // SavedVariable::unpack of an output: a new tensor object whose grad_fn is this node again.
        Tensor t = make_tensor(saved[i].storage(), saved[i].sizes(), saved[i].strides(), saved[i].storage_offset(),
                               saved[i].dtype(), saved[i].impl()->version_counter);
        t.impl()->grad_fn = node;
        t.impl()->output_nr = sv.output_nr();
        items.push_back(in.wrap_tensor(t));
      } else {
        items.push_back(in.wrap_tensor(saved[i]));
      }
    }
    return in.make_tuple(std::move(items));
  }
  if (name == "needs_input_grad") return bools(c->needs_input_grad);
  if (name == "materialize_grads") return in.make_bool(c->materialize_grads);
  if (name == "to_save") return c->to_save ? c->to_save : in.none();
  if (name == "dirty_tensors") return c->dirty_tensors ? c->dirty_tensors : in.none();
  if (name == "non_differentiable") return c->non_differentiable ? c->non_differentiable : in.none();
  if (name == "saved_for_forward") return c->saved_for_forward ? c->saved_for_forward : in.none();
  if (name == "next_functions" || name == "metadata" || name == "name" || name == "register_hook" ||
      name == "register_prehook" || name == "_sequence_nr") {
    if (!node) return nullptr;
    return node_attr_of(in, self, node, name);
  }
  return nullptr;
}

bool function_ctx_setattr(Interpreter& in, const ObjPtr& self, const std::string& name, const ObjPtr& value) {
  auto* c = obj_cast<FunctionCtxObj>(self.get());
  if (!c) return false;
  if (name == "materialize_grads") {
    if (!value || value->kind != Kind::Bool)
      throw TorchError("TypeError", "set_materialize_grads(): argument 'value' must be bool, not " + in.type_name(value));
    c->materialize_grads = cast<BoolObj>(value).value;
    return true;
  }
  if (name == "to_save") return c->to_save = value, true;
  if (name == "dirty_tensors") return c->dirty_tensors = value, true;
  if (name == "non_differentiable") return c->non_differentiable = value, true;
  if (name == "saved_for_forward") return c->saved_for_forward = value, true;
  if (name == "saved_tensors" || name == "needs_input_grad")
    throw TorchError("AttributeError", "attribute '" + name + "' of 'torch._C._FunctionBase' objects is not writable");
  return false;
}

// grad_fn of a custom Function's output is its ctx (Note [Custom Function objects]).
ObjPtr custom_function_object(const std::shared_ptr<tp::Node>& n) {
  auto* cf = n ? n->as_custom_function() : nullptr;
  if (!cf || !cf->py_object) return nullptr;
  return std::static_pointer_cast<Object>(cf->py_object);
}

void install_autograd_function(Interpreter& in, ModuleObj& autograd) {
  auto mod = std::make_shared<ModuleObj>("torch.autograd.function");
  auto module_str = in.make_str("torch.autograd.function");

  auto ctx_cls = make_class("FunctionCtx");
  ctx_cls->set("__module__", module_str);
  auto set_tuple = [](ObjPtr FunctionCtxObj::*field) {
    return [field](Interpreter& in, FunctionCtxObj& c, CallArgs& a) -> ObjPtr {
      c.*field = in.make_tuple(a.args);
      return in.none();
    };
  };
  ctx_method(in, *ctx_cls, "save_for_backward", set_tuple(&FunctionCtxObj::to_save));
  ctx_method(in, *ctx_cls, "mark_dirty", set_tuple(&FunctionCtxObj::dirty_tensors));
  ctx_method(in, *ctx_cls, "mark_non_differentiable", set_tuple(&FunctionCtxObj::non_differentiable));
  ctx_method(in, *ctx_cls, "save_for_forward", [](Interpreter& in, FunctionCtxObj& c, CallArgs& a) -> ObjPtr {
    for (auto& t : a.args)
      if (!is_tensor(t) && !is_none(t))
        in.raise("AssertionError", "save_for_forward expects all arguments to be tensors; you should save non-tensors "
                                   "as attributes on ctx.");
    c.saved_for_forward = in.make_tuple(a.args);
    return in.none();
  });
  ctx_method(in, *ctx_cls, "set_materialize_grads", [](Interpreter& in, FunctionCtxObj& c, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "set_materialize_grads", a);
    ObjPtr v = p.required("value", 0);
    p.finish();
    if (v->kind != Kind::Bool)
      throw TorchError("TypeError", "set_materialize_grads(): argument 'value' must be bool, not " + in.type_name(v));
    c.materialize_grads = cast<BoolObj>(v).value;
    return in.none();
  });
  ctx_method(in, *ctx_cls, "mark_shared_storage", [](Interpreter& in, FunctionCtxObj&, CallArgs&) -> ObjPtr {
    in.warn("mark_shared_storage is deprecated. Tensors with shared storages are automatically tracked. Note that "
            "calls to `set_()` are not tracked");
    return in.none();
  });
  mod->set("FunctionCtx", ctx_cls);

  auto bcf = make_class("BackwardCFunction");
  bcf->set("__module__", module_str);
  bcf->bases = {ctx_cls};
  mod->set("BackwardCFunction", bcf);

  auto fn_cls = make_class("Function");
  fn_cls->set("__module__", module_str);
  fn_cls->bases = {ctx_cls};
  fn_cls->set("forward", static_raiser(in, "Function.forward", "NotImplementedError",
                                       "You must implement the forward function for custom autograd.Function."));
  fn_cls->set("setup_context", static_raiser(in, "Function.setup_context", "NotImplementedError",
                                             "setup_context is not implemented."));
  ObjPtr backward = static_raiser(in, "Function.backward", "NotImplementedError",
                                  "You must implement either the backward or vjp method for your custom "
                                  "autograd.Function to use it with backward mode AD.");
  fn_cls->set("backward", backward);
  fn_cls->set("vjp", backward);  // vjp and backward are aliases of each other
  fn_cls->set("jvp", static_raiser(in, "Function.jvp", "NotImplementedError",
                                   "You must implement the jvp function for custom autograd.Function to use it with "
                                   "forward mode AD."));
  fn_cls->set("is_traceable", in.make_bool(false));
  fn_cls->set("generate_vmap_rule", in.make_bool(false));
  {
    CallArgs w;
    w.args = {in.make_function("Function.apply", function_apply)};
    fn_cls->set("apply", in.call(in.builtin("classmethod"), std::move(w)));
  }
  mod->set("Function", fn_cls);
  mod->set("once_differentiable", in.make_function("once_differentiable", once_differentiable));

  in.register_module("torch.autograd.function", mod);
  autograd.set("function", mod);
  autograd.set("Function", fn_cls);
}

}  // namespace tp::interp::lib
