// torch.nn.utils: clip_grad_norm_ / clip_grad_norm / clip_grad_value_ / get_total_norm /
// clip_grads_with_norm_ (torch/nn/utils/clip_grad.py) and parameters_to_vector /
// vector_to_parameters (torch/nn/utils/convert_parameters.py). Each is the Python function's
// sequence of tensor ops under no_grad, so values round as PyTorch's do (see Note [Total norm]).
#include <cmath>

#include "autograd/grad_utils.h"
#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "bindings/nn/nn.h"

namespace tp::interp::lib {

namespace {

// `parameters` as clip_grad.py reads it: one Tensor, or any iterable (a generator is consumed once).
std::vector<Tensor> tensor_list(Interpreter& in, const ObjPtr& o, const std::string& fname) {
  if (is_tensor(o)) return {tensor_of(o)};
  std::vector<Tensor> out;
  for (const ObjPtr& item : in.iterate(o)) {
    if (!is_tensor(item))
      throw TorchError("AttributeError", "'" + in.type_name(item) + "' object has no attribute 'grad'");
    out.push_back(tensor_of(item));
  }
  (void)fname;
  return out;
}

std::vector<Tensor> grads_of(const std::vector<Tensor>& params) {
  std::vector<Tensor> grads;
  for (const Tensor& p : params)
    if (Tensor g = tp::get_grad(p); g.defined()) grads.push_back(g);
  return grads;
}

// Note [Total norm]: _get_total_norm groups the tensors by (device, dtype) (CPU goes through
// torch._foreach_norm, whose CPU fallback is one linalg.vector_norm per tensor), stacks the
// per-tensor norms moved to the first tensor's device and takes their norm of the same order.
// Groups are visited in first-seen order (the C++ grouping map's order is not specified; it only
// matters when grads of several dtypes or devices are mixed).
Tensor total_norm(Interpreter& in, const std::vector<Tensor>& tensors, double norm_type, bool error_if_nonfinite) {
  if (tensors.empty()) return tp::full({}, Scalar::from_double(0.0), ctx().default_dtype, Device{});
  std::vector<std::pair<Device, DType>> groups;
  for (const Tensor& t : tensors) {
    std::pair<Device, DType> key{t.device(), t.dtype()};
    bool seen = false;
    for (auto& g : groups) seen = seen || (g.first == key.first && g.second == key.second);
    if (!seen) groups.push_back(key);
  }
  Device first = tensors.front().device();
  std::vector<Tensor> norms;
  for (auto& [dev, dt] : groups)
    for (const Tensor& t : tensors)
      if (t.device() == dev && t.dtype() == dt)
        norms.push_back(tp::to(tp::linalg_vector_norm(t, norm_type, {}, false, std::nullopt), t.dtype(), first, false));
  Tensor total = tp::linalg_vector_norm(tp::stack(norms, 0), norm_type, {}, false, std::nullopt);
  if (error_if_nonfinite && !std::isfinite(tp::item(total).to_double()))
    throw TorchError("RuntimeError", "The total norm of order " + in.str(in.make_float(norm_type)) +
                                         " for gradients from `parameters` is non-finite, so it cannot be clipped. "
                                         "To disable this error and scale the gradients by the non-finite norm "
                                         "anyway, set `error_if_nonfinite=False`");
  return total;
}

// _clip_grads_with_norm_: clip_coef = max_norm / (total_norm + 1e-6) (a Python number over a
// tensor is reciprocal() * number), clamped to 1, then every grad.mul_(clip_coef_clamped).
void clip_with_norm(const std::vector<Tensor>& grads, double max_norm, const Tensor& total) {
  if (grads.empty()) return;
  Tensor denom = tp::add(total, scalar_tensor(1e-6));
  Tensor coef = tp::mul(tp::unary(denom, UnaryOp::Reciprocal), scalar_tensor(max_norm));
  Tensor clamped = tp::clamp(coef, std::nullopt, Scalar::from_double(1.0));
  for (const Tensor& g : grads) tp::mul_(g, tp::to(clamped, clamped.dtype(), g.device(), false));
}

double norm_type_arg(Interpreter& in, const ObjPtr& o) {
  if (is_none(o)) return 2.0;
  if (o->kind == Kind::Str) {  // float('inf') accepts the string forms too
    CallArgs a;
    a.args = {o};
    return to_double(in, in.call(in.builtin("float"), a));
  }
  return to_double(in, o);
}

ObjPtr clip_grad_norm_call(Interpreter& in, ArgParser& p, const std::string& fname) {
  ObjPtr params = p.required("parameters", 0);
  double max_norm = to_double(in, p.required("max_norm", 1));
  double norm_type = norm_type_arg(in, p.get("norm_type", 2));
  bool error_if_nonfinite = bool_arg(in, p.get("error_if_nonfinite", 3), false);
  p.get("foreach", 4);
  bool generator = !is_tensor(params) && in.type_name(params) == "generator";
  std::vector<Tensor> list = tensor_list(in, params, fname);
  if (generator && list.empty()) in.warn("`parameters` is an empty generator, no gradient clipping will occur.");
  GradModeGuard off(false);
  std::vector<Tensor> grads = grads_of(list);
  Tensor total = total_norm(in, grads, norm_type, error_if_nonfinite);
  clip_with_norm(grads, max_norm, total);
  return in.wrap_tensor(total);
}

using Body = Callable<ObjPtr(Interpreter&, ArgParser&)>;

void fn(ModuleObj& m, const std::string& name, Body body) {
  def(m, "torch.nn.utils.", name, [name, body](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, name, a);
    ObjPtr r = body(in, p);
    p.finish();
    return r;
  });
}

// convert_parameters.py _check_param_device: cuda tensors carry their index, every other device counts as -1.
void check_param_device(const Tensor& param, std::optional<int64_t>& old) {
  int64_t dev = param.device().type == Device::Type::CUDA ? param.device().index : -1;
  if (!old) old = dev;
  else if (*old != dev)
    throw TorchError("TypeError", "Found two parameters on different devices, this is currently not supported.");
}

}  // namespace

void install_nn_utils(Interpreter& in, ModuleObj& nn) {
  auto utils = std::make_shared<ModuleObj>("torch.nn.utils");
  fn(*utils, "clip_grad_norm_", [](Interpreter& in, ArgParser& p) { return clip_grad_norm_call(in, p, "clip_grad_norm_"); });
  fn(*utils, "clip_grad_norm", [](Interpreter& in, ArgParser& p) {
    in.warn("`torch.nn.utils.clip_grad_norm` is now deprecated in favor of `torch.nn.utils.clip_grad_norm_`.",
            "FutureWarning");
    return clip_grad_norm_call(in, p, "clip_grad_norm");
  });
  fn(*utils, "get_total_norm", [](Interpreter& in, ArgParser& p) {
    std::vector<Tensor> ts = tensor_list(in, p.required("tensors", 0), "get_total_norm");
    double norm_type = norm_type_arg(in, p.get("norm_type", 1));
    bool error_if_nonfinite = bool_arg(in, p.get("error_if_nonfinite", 2), false);
    p.get("foreach", 3);
    GradModeGuard off(false);
    return in.wrap_tensor(total_norm(in, ts, norm_type, error_if_nonfinite));
  });
  fn(*utils, "clip_grads_with_norm_", [](Interpreter& in, ArgParser& p) {
    std::vector<Tensor> params = tensor_list(in, p.required("parameters", 0), "clip_grads_with_norm_");
    double max_norm = to_double(in, p.required("max_norm", 1));
    const Tensor& total = tensor_arg(in, p.required("total_norm", 2), "clip_grads_with_norm_", "total_norm", 3);
    p.get("foreach", 3);
    GradModeGuard off(false);
    clip_with_norm(grads_of(params), max_norm, total);
    return in.none();
  });
  fn(*utils, "clip_grad_value_", [](Interpreter& in, ArgParser& p) {
    std::vector<Tensor> params = tensor_list(in, p.required("parameters", 0), "clip_grad_value_");
    double clip_value = to_double(in, p.required("clip_value", 1));
    p.get("foreach", 2);
    GradModeGuard off(false);
    // CPU foreach path: _foreach_clamp_min_(grads, -clip_value) then _foreach_clamp_max_(grads, clip_value)
    for (const Tensor& g : grads_of(params)) {
      tp::clamp_(g, Scalar::from_double(-clip_value), std::nullopt);
      tp::clamp_(g, std::nullopt, Scalar::from_double(clip_value));
    }
    return in.none();
  });
  fn(*utils, "parameters_to_vector", [](Interpreter& in, ArgParser& p) {
    ObjPtr params = p.required("parameters", 0);
    std::optional<int64_t> device;
    std::vector<Tensor> vec;
    for (const ObjPtr& o : in.iterate(params)) {
      const Tensor& t = tensor_arg(in, o, "view", "self", 1);
      check_param_device(t, device);
      vec.push_back(tp::view(t, {-1}));
    }
    return in.wrap_tensor(tp::cat(vec, 0));
  });
  fn(*utils, "vector_to_parameters", [](Interpreter& in, ArgParser& p) {
    ObjPtr vo = p.required("vec", 0);
    ObjPtr params = p.required("parameters", 1);
    if (!is_tensor(vo)) {
      // torch.typename of a builtin object is its type's name
      throw TorchError("TypeError", "expected torch.Tensor, but got: " + in.type_name(vo));
    }
    const Tensor& vec = tensor_of(vo);
    std::optional<int64_t> device;
    int64_t pointer = 0;
    for (const ObjPtr& o : in.iterate(params)) {
      const Tensor& t = tensor_arg(in, o, "view_as", "self", 1);
      check_param_device(t, device);
      int64_t n = t.numel();
      // param.data = vec[pointer:pointer + num_param].view_as(param).data
      Tensor piece = tp::view(tp::slice(vec, 0, pointer, pointer + n, 1), t.sizes());
      in.setattr(o, "data", in.wrap_tensor(tp::data(piece)));
      pointer += n;
    }
    return in.none();
  });
  in.register_module("torch.nn.utils", utils);
  nn.set("utils", utils);
}

}  // namespace tp::interp::lib
