// torch.autograd.functional (torch/autograd/functional.py): jacobian, hessian, vjp, jvp, written as
// PyTorch writes them, as compositions of autograd.grad: inputs are detached copies that require
// grad (_grad_preprocess), the user function runs with grad enabled, and results are detached
// unless create_graph (_grad_postprocess). Reverse mode only (vectorize=False, strategy
// "reverse-mode"), like the defaults.
#include "autograd/functions.h"
#include "bindings/install.h"
#include "core/context.h"
#include "core/error.h"

namespace tp::interp::lib {

namespace {

using Tensors = std::vector<Tensor>;

// _as_tuple: (was a tuple, the tensors).
std::pair<bool, Tensors> as_tuple(Interpreter& in, const ObjPtr& o, const std::string& arg, const std::string& fn) {
  if (o->kind != Kind::Tuple) {
    if (!is_tensor(o))
      throw TorchError("TypeError", "The " + arg + " given to " + fn + " must be either a Tensor or a tuple of Tensors "
                                    "but the given " + arg + " has type " + in.type_name(o) + ".");
    return {false, {tensor_of(o)}};
  }
  Tensors out;
  auto& items = cast<TupleObj>(o).items;
  for (size_t i = 0; i < items.size(); ++i) {
    if (!is_tensor(items[i]))
      throw TorchError("TypeError", "The " + arg + " given to " + fn + " must be either a Tensor or a tuple of Tensors "
                                    "but the value at index " + std::to_string(i) + " has type " +
                                    in.type_name(items[i]) + ".");
    out.push_back(tensor_of(items[i]));
  }
  return {true, out};
}

// _grad_preprocess.
Tensors grad_preprocess(const Tensors& ts, bool create_graph, bool need_graph) {
  Tensors out;
  for (const auto& t : ts) {
    if (create_graph && t.requires_grad()) out.push_back(tp::view(t, t.sizes()));  // inp.view_as(inp)
    else out.push_back(tp::requires_grad_(tp::detach(t), need_graph));
  }
  return out;
}

// _grad_postprocess: detached unless create_graph.
Tensors grad_postprocess(const Tensors& ts, bool create_graph) {
  if (create_graph) return ts;
  Tensors out;
  for (const auto& t : ts) out.push_back(t.defined() ? tp::detach(t) : t);
  return out;
}

// _autograd_grad: outputs that do not require grad are dropped; none left -> all None.
Tensors autograd_grad(const Tensors& outputs, const Tensors& inputs, const Tensors& grad_outputs, bool create_graph,
                      std::optional<bool> retain_graph) {
  Tensors outs, gos;
  for (size_t i = 0; i < outputs.size(); ++i)
    if (outputs[i].defined() && outputs[i].requires_grad()) {
      outs.push_back(outputs[i]);
      gos.push_back(i < grad_outputs.size() ? grad_outputs[i] : Tensor());
    }
  if (outs.empty()) return Tensors(inputs.size());
  return tp::grad(outs, inputs, gos, retain_graph, create_graph, /*allow_unused=*/true);
}

// _fill_in_zeros (strict=False).
Tensors fill_in_zeros(const Tensors& grads, const Tensors& refs) {
  Tensors out;
  for (size_t i = 0; i < grads.size(); ++i)
    out.push_back(grads[i].defined() ? grads[i] : native::zeros(refs[i].sizes(), refs[i].dtype(), refs[i].device()));
  return out;
}

// _validate_v.
void validate_v(const Tensors& v, const Tensors& other, bool is_other_tuple) {
  if (v.size() != other.size()) {
    if (is_other_tuple)
      throw TorchError("RuntimeError", "v is a tuple of invalid length: should be " + std::to_string(other.size()) +
                                           " but got " + std::to_string(v.size()) + ".");
    throw TorchError("RuntimeError", "The given v should contain a single Tensor.");
  }
  for (size_t i = 0; i < v.size(); ++i)
    if (v[i].sizes() != other[i].sizes())
      throw TorchError("RuntimeError", std::string(is_other_tuple ? "Entry " + std::to_string(i) + " in " : "") +
                                           "v has invalid size: should be torch.Size(" + shape_str(other[i].sizes()) +
                                           ") but got torch.Size(" + shape_str(v[i].sizes()) + ").");
}

ObjPtr tuple_of(Interpreter& in, const Tensors& ts) { return wrap_tuple(in, ts); }
// _tuple_postprocess for one level: the tuple, or its only element.
ObjPtr unpack_if(Interpreter& in, const ObjPtr& tup, bool keep_tuple) {
  return keep_tuple ? tup : cast<TupleObj>(tup).items.at(0);
}

ObjPtr call_func(Interpreter& in, const ObjPtr& func, const Tensors& inputs) {
  CallArgs a;
  for (const auto& t : inputs) a.args.push_back(in.wrap_tensor(t));
  return in.call(func, std::move(a));
}

// jacobian(func, inputs, create_graph=False): a tuple (per output) of tuples (per input) of
// out.size() + inp.size() tensors, unpacked where the user passed single tensors.
ObjPtr jacobian(Interpreter& in, const ObjPtr& func, const ObjPtr& inputs_obj, bool create_graph) {
  GradModeGuard grad_on(true);
  auto [inputs_tuple, inputs] = as_tuple(in, inputs_obj, "inputs", "jacobian");
  inputs = grad_preprocess(inputs, create_graph, /*need_graph=*/true);
  ObjPtr out_obj = call_func(in, func, inputs);
  auto [outputs_tuple, outputs] = as_tuple(in, out_obj, "outputs of the user-provided function", "jacobian");
  std::vector<ObjPtr> per_output;
  for (const auto& out : outputs) {
    std::vector<Tensors> jac_i(inputs.size());
    for (int64_t j = 0; j < out.numel(); ++j) {
      Tensor elem = tp::select(tp::reshape(out, {-1}), 0, j);
      Tensors vj = autograd_grad({elem}, inputs, {Tensor()}, create_graph, /*retain_graph=*/true);
      for (size_t k = 0; k < inputs.size(); ++k)
        jac_i[k].push_back(vj[k].defined() ? vj[k]
                                           : native::zeros(inputs[k].sizes(), inputs[k].dtype(), inputs[k].device()));
    }
    Tensors blocks;
    for (size_t k = 0; k < inputs.size(); ++k) {
      Shape shape = out.sizes();
      shape.insert(shape.end(), inputs[k].sizes().begin(), inputs[k].sizes().end());
      Tensor stacked = jac_i[k].empty() ? native::zeros({0}, inputs[k].dtype(), inputs[k].device())
                                        : tp::stack(jac_i[k], 0);
      blocks.push_back(tp::view(stacked, shape));
    }
    per_output.push_back(unpack_if(in, tuple_of(in, grad_postprocess(blocks, create_graph)), inputs_tuple));
  }
  ObjPtr all = in.make_tuple(std::move(per_output));
  return unpack_if(in, all, outputs_tuple);
}

bool kw_bool(Interpreter& in, ArgParser& p, const std::string& name, size_t index) {
  return bool_arg(in, p.get(name, index), false);
}

}  // namespace

void install_autograd_functional(Interpreter& in, ModuleObj& autograd) {
  auto mod = std::make_shared<ModuleObj>("torch.autograd.functional");
  const std::string F = "torch.autograd.functional.";
  def(*mod, F, "jacobian", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "jacobian", a);
    ObjPtr func = p.required("func", 0), inputs = p.required("inputs", 1);
    bool create_graph = kw_bool(in, p, "create_graph", 2);
    p.get("strict", 3);
    if (kw_bool(in, p, "vectorize", 4))
      throw TorchError("NotImplementedError", "jacobian(vectorize=True) is not supported by the playground");
    p.get("strategy", 5);
    p.finish();
    return jacobian(in, func, inputs, create_graph);
  });
  def(*mod, F, "hessian", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "hessian", a);
    ObjPtr func = p.required("func", 0), inputs = p.required("inputs", 1);
    bool create_graph = kw_bool(in, p, "create_graph", 2);
    p.get("strict", 3);
    p.get("vectorize", 4);
    p.get("outer_jacobian_strategy", 5);
    p.finish();
    bool inputs_tuple = as_tuple(in, inputs, "inputs", "hessian").first;
    // ensure_single_output_function, then jac_func = jacobian(..., create_graph=True).
    ObjPtr single = in.make_function("hessian.<locals>.ensure_single_output_function", [func](Interpreter& in, CallArgs& a) -> ObjPtr {
      ObjPtr out = in.call(func, a);
      bool is_tuple = as_tuple(in, out, "outputs of the user-provided function", "hessian").first;
      if (is_tuple || !is_tensor(out)) throw TorchError("RuntimeError", "The function given to hessian should return a single Tensor");
      if (tensor_of(out).numel() != 1)
        throw TorchError("RuntimeError", "The Tensor returned by the function given to hessian should contain a single element");
      return in.wrap_tensor(tp::squeeze(tensor_of(out)));
    });
    ObjPtr jac_func = in.make_function("hessian.<locals>.jac_func", [single](Interpreter& in, CallArgs& a) -> ObjPtr {
      return jacobian(in, single, in.make_tuple(a.args), /*create_graph=*/true);
    });
    ObjPtr res = jacobian(in, jac_func, inputs, create_graph);
    // _tuple_postprocess(res, (is_inputs_tuple, is_inputs_tuple)); jacobian already unpacked the
    // inner level when inputs was one tensor, and jac_func returns a tuple, so unpack the outer one.
    if (!inputs_tuple) return cast<TupleObj>(res).items.at(0);
    return res;
  });
  def(*mod, F, "vjp", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "vjp", a);
    ObjPtr func = p.required("func", 0), inputs_obj = p.required("inputs", 1), v_obj = p.get("v", 2);
    bool create_graph = kw_bool(in, p, "create_graph", 3);
    p.get("strict", 4);
    p.finish();
    Tensors outputs, inputs, v;
    bool inputs_tuple, outputs_tuple;
    {
      GradModeGuard grad_on(true);
      std::tie(inputs_tuple, inputs) = as_tuple(in, inputs_obj, "inputs", "vjp");
      inputs = grad_preprocess(inputs, create_graph, true);
      std::tie(outputs_tuple, outputs) =
          as_tuple(in, call_func(in, func, inputs), "outputs of the user-provided function", "vjp");
      if (v_obj && !is_none(v_obj)) {
        v = grad_preprocess(as_tuple(in, v_obj, "v", "vjp").second, create_graph, false);
        validate_v(v, outputs, outputs_tuple);
      } else if (outputs.size() != 1 || outputs[0].numel() != 1) {
        throw TorchError("RuntimeError", "The vector v can only be None if the user-provided function returns a single "
                                         "Tensor with a single element.");
      }
    }
    GradModeGuard mode(create_graph ? true : ctx().grad_enabled);
    Tensors res = fill_in_zeros(autograd_grad(outputs, inputs, v, create_graph, std::nullopt), inputs);
    return in.make_tuple({unpack_if(in, tuple_of(in, grad_postprocess(outputs, create_graph)), outputs_tuple),
                          unpack_if(in, tuple_of(in, grad_postprocess(res, create_graph)), inputs_tuple)});
  });
  def(*mod, F, "jvp", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "jvp", a);
    ObjPtr func = p.required("func", 0), inputs_obj = p.required("inputs", 1), v_obj = p.get("v", 2);
    bool create_graph = kw_bool(in, p, "create_graph", 3);
    p.get("strict", 4);
    p.finish();
    Tensors outputs, inputs, v, grad_outputs, grad_inputs;
    bool inputs_tuple, outputs_tuple;
    {
      GradModeGuard grad_on(true);
      std::tie(inputs_tuple, inputs) = as_tuple(in, inputs_obj, "inputs", "jvp");
      inputs = grad_preprocess(inputs, create_graph, true);
      if (v_obj && !is_none(v_obj)) {
        v = grad_preprocess(as_tuple(in, v_obj, "v", "jvp").second, create_graph, false);
        validate_v(v, inputs, inputs_tuple);
      } else if (inputs.size() != 1 || inputs[0].numel() != 1) {
        throw TorchError("RuntimeError", "The vector v can only be None if the input to the user-provided function is a "
                                         "single Tensor with a single element.");
      }
      std::tie(outputs_tuple, outputs) =
          as_tuple(in, call_func(in, func, inputs), "outputs of the user-provided function", "jvp");
      // The double-backward trick: the backward is linear in grad_outputs, so their value (zeros)
      // never reaches the result.
      for (const auto& o : outputs)
        grad_outputs.push_back(tp::requires_grad_(native::zeros(o.sizes(), o.dtype(), o.device()), true));
      grad_inputs = autograd_grad(outputs, inputs, grad_outputs, /*create_graph=*/true, std::nullopt);
    }
    GradModeGuard mode(create_graph ? true : ctx().grad_enabled);
    Tensors res = fill_in_zeros(autograd_grad(grad_inputs, grad_outputs, v, create_graph, std::nullopt), outputs);
    return in.make_tuple({unpack_if(in, tuple_of(in, grad_postprocess(outputs, create_graph)), outputs_tuple),
                          unpack_if(in, tuple_of(in, grad_postprocess(res, create_graph)), outputs_tuple)});
  });
  in.register_module("torch.autograd.functional", mod);
  autograd.set("functional", mod);
}

}  // namespace tp::interp::lib
