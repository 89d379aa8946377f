// torch.optim: SGD (momentum / dampening / nesterov / weight_decay), Adam, AdamW, RMSprop and
// Adagrad, following the single-tensor code paths of torch/optim/sgd.py, adam.py, adamw.py,
// rmsprop.py and adagrad.py op for op (CPU default, float32 rounding per op), under
// no_grad. param_groups are real dicts, so `opt.param_groups[0]['lr'] = 0.01` works.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <unordered_map>

#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "bindings/library_variant.h"
#include "bindings/nn/nn.h"

namespace tp::interp::lib {

namespace {

struct ParamState {
  Tensor momentum_buffer;       // SGD
  Tensor exp_avg, exp_avg_sq;   // Adam, AdamW
  Tensor square_avg, grad_avg;  // RMSprop (momentum_buffer shared with SGD)
  Tensor sum;                   // Adagrad
  int64_t step = 0;
};

struct OptimizerObj : InstanceObj {
  TP_OBJECT_SUBTYPE(Optimizer)
  explicit OptimizerObj(std::string type) : InstanceObj(std::move(type)) { subtype = kSubtype; }
  std::unordered_map<const TensorImpl*, ParamState> state;
};

Tensor num(double v) { return native::wrap_scalar(Scalar::from_double(v)); }

ObjPtr dict_get(Interpreter& in, const ObjPtr& d, const std::string& key) {
  for (auto& kv : cast<DictObj>(d).items)
    if (kv.first->kind == Kind::Str && cast<StrObj>(kv.first).value == key) return kv.second;
  return nullptr;
}
double group_num(Interpreter& in, const ObjPtr& g, const std::string& key) { return to_double(in, dict_get(in, g, key)); }

// Builds param_groups from `params` (an iterable of tensors, or of dicts with "params") and defaults.
ObjPtr make_groups(Interpreter& in, const ObjPtr& params, const std::vector<std::pair<std::string, ObjPtr>>& defaults) {
  std::vector<ObjPtr> items = in.iterate(params);
  if (items.empty()) throw TorchError("ValueError", "optimizer got an empty parameter list");
  std::vector<ObjPtr> groups;
  auto build = [&](const std::vector<ObjPtr>& ps, const ObjPtr& overrides) {
    for (auto& p : ps)
      if (!is_tensor(p))
        throw TorchError("TypeError", "optimizer can only optimize Tensors, but one of the params is " + in.type_name(p));
    auto g = std::make_shared<DictObj>();
    g->items.push_back({in.make_str("params"), in.make_list(ps)});
    for (auto& [k, v] : defaults) {
      ObjPtr val = overrides ? dict_get(in, overrides, k) : nullptr;
      g->items.push_back({in.make_str(k), val ? val : v});
    }
    groups.push_back(g);
  };
  if (items[0]->kind == Kind::Dict) {
    for (auto& d : items) build(in.iterate(dict_get(in, d, "params")), d);
  } else {
    build(items, nullptr);
  }
  return in.make_list(std::move(groups));
}

std::vector<Tensor> group_params(Interpreter& in, const ObjPtr& g) {
  std::vector<Tensor> out;
  for (auto& p : in.iterate(dict_get(in, g, "params"))) out.push_back(tensor_of(p));
  return out;
}

// t.lerp_(end, w) as ATen's scalar kernel computes it: the weight is first rounded to the tensor's
// opmath type; self + w * (end - self) for |w| < 0.5, else end - (end - self) * (1 - w).
void lerp_scalar_weight(const Tensor& self, const Tensor& end, double w) {
  if (self.dtype() == DType::Float32) w = double(float(w));
  Tensor diff = tp::sub(end, self);
  if (std::abs(w) < 0.5) tp::add_(self, diff, Scalar::from_double(w));
  else tp::copy_(self, tp::sub(end, diff, Scalar::from_double(self.dtype() == DType::Float32 ? double(1.0f - float(w)) : 1 - w)));
}

void sgd_step(Interpreter& in, OptimizerObj& opt) {
  GradModeGuard off(false);
  for (auto& g : in.iterate(opt.get("param_groups"))) {
    double lr = group_num(in, g, "lr"), momentum = group_num(in, g, "momentum");
    double dampening = group_num(in, g, "dampening"), wd = group_num(in, g, "weight_decay");
    bool nesterov = in.truthy(dict_get(in, g, "nesterov")), maximize = in.truthy(dict_get(in, g, "maximize"));
    for (const Tensor& p : group_params(in, g)) {
      Tensor grad(p.impl()->grad);
      if (!grad.defined()) continue;
      if (maximize) grad = tp::neg(grad);
      if (wd != 0) grad = tp::add(grad, p, Scalar::from_double(wd));
      if (momentum != 0) {
        Tensor& buf = opt.state[p.impl()].momentum_buffer;
        if (!buf.defined()) buf = tp::detach(tp::clone(grad));
        else tp::add_(tp::mul_(buf, num(momentum)), grad, Scalar::from_double(1 - dampening));
        grad = nesterov ? tp::add(grad, buf, Scalar::from_double(momentum)) : buf;
      }
      tp::add_(p, grad, Scalar::from_double(-lr));
    }
  }
}

// Adam and AdamW differ only in where weight decay goes: Adam adds wd * param to the gradient,
// AdamW (a group with decoupled_weight_decay=True) first shrinks the parameter,
// param.mul_(1 - lr * weight_decay).
void adam_step(Interpreter& in, OptimizerObj& opt) {
  GradModeGuard off(false);
  for (auto& g : in.iterate(opt.get("param_groups"))) {
    bool decoupled = in.truthy(dict_get(in, g, "decoupled_weight_decay"));
    double lr = group_num(in, g, "lr"), eps = group_num(in, g, "eps"), wd = group_num(in, g, "weight_decay");
    auto betas = in.iterate(dict_get(in, g, "betas"));
    double beta1 = to_double(in, betas.at(0)), beta2 = to_double(in, betas.at(1));
    bool maximize = in.truthy(dict_get(in, g, "maximize"));
    if (in.truthy(dict_get(in, g, "amsgrad")))
      throw TorchError("NotImplementedError", "Adam(amsgrad=True) is not supported by the playground");
    for (const Tensor& p : group_params(in, g)) {
      Tensor grad(p.impl()->grad);
      if (!grad.defined()) continue;
      if (maximize) grad = tp::neg(grad);
      ParamState& st = opt.state[p.impl()];
      if (!st.exp_avg.defined()) {
        st.exp_avg = tp::zeros(p.sizes(), p.dtype(), p.device());
        st.exp_avg_sq = tp::zeros(p.sizes(), p.dtype(), p.device());
      }
      st.step += 1;
      if (decoupled) tp::mul_(p, num(1 - lr * wd));
      else if (wd != 0) grad = tp::add(grad, p, Scalar::from_double(wd));
      // exp_avg.lerp_(grad, 1 - beta1)
      lerp_scalar_weight(st.exp_avg, grad, 1 - beta1);
      // exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
      tp::mul_(st.exp_avg_sq, num(beta2));
      tp::add_(st.exp_avg_sq, tp::mul(tp::mul(num(1 - beta2), grad), grad));
      double bc1 = 1 - std::pow(beta1, double(st.step)), bc2 = 1 - std::pow(beta2, double(st.step));
      double step_size = lr / bc1;
      Tensor denom = tp::add_(tp::div(tp::unary(st.exp_avg_sq, UnaryOp::Sqrt), num(std::sqrt(bc2))), num(eps));
      // param.addcdiv_(exp_avg, denom, value=-step_size)
      tp::add_(p, tp::div(tp::mul(num(-step_size), st.exp_avg), denom));
    }
  }
}


// _single_tensor_rmsprop
void rmsprop_step(Interpreter& in, OptimizerObj& opt) {
  GradModeGuard off(false);
  for (auto& g : in.iterate(opt.get("param_groups"))) {
    double lr = group_num(in, g, "lr"), alpha = group_num(in, g, "alpha"), eps = group_num(in, g, "eps");
    double wd = group_num(in, g, "weight_decay"), momentum = group_num(in, g, "momentum");
    bool centered = in.truthy(dict_get(in, g, "centered")), maximize = in.truthy(dict_get(in, g, "maximize"));
    for (const Tensor& p : group_params(in, g)) {
      Tensor grad(p.impl()->grad);
      if (!grad.defined()) continue;
      ParamState& st = opt.state[p.impl()];
      if (!st.square_avg.defined()) {
        st.square_avg = tp::zeros(p.sizes(), p.dtype(), p.device());
        if (momentum > 0) st.momentum_buffer = tp::zeros(p.sizes(), p.dtype(), p.device());
        if (centered) st.grad_avg = tp::zeros(p.sizes(), p.dtype(), p.device());
      }
      if (maximize) grad = tp::neg(grad);
      st.step += 1;
      if (wd != 0) grad = tp::add(grad, p, Scalar::from_double(wd));
      // square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha)
      tp::mul_(st.square_avg, num(alpha));
      tp::add_(st.square_avg, tp::mul(tp::mul(num(1 - alpha), grad), grad));
      Tensor avg;
      if (centered) {
        // grad_avg.lerp_(grad, 1 - alpha); avg = square_avg.addcmul(grad_avg, grad_avg, value=-1).sqrt_()
        lerp_scalar_weight(st.grad_avg, grad, 1 - alpha);
        avg = tp::unary(tp::add(st.square_avg, tp::mul(tp::mul(num(-1), st.grad_avg), st.grad_avg)), UnaryOp::Sqrt);
      } else {
        avg = tp::unary(st.square_avg, UnaryOp::Sqrt);
      }
      tp::add_(avg, num(eps));
      if (momentum > 0) {
        // buf.mul_(momentum).addcdiv_(grad, avg); param.add_(buf, alpha=-lr)
        tp::mul_(st.momentum_buffer, num(momentum));
        tp::add_(st.momentum_buffer, tp::div(tp::mul(num(1), grad), avg));
        tp::add_(p, st.momentum_buffer, Scalar::from_double(-lr));
      } else {
        tp::add_(p, tp::div(tp::mul(num(-lr), grad), avg));  // param.addcdiv_(grad, avg, value=-lr)
      }
    }
  }
}

// _single_tensor_adagrad (state "sum" starts at initial_accumulator_value, made in __init__)
void adagrad_step(Interpreter& in, OptimizerObj& opt) {
  GradModeGuard off(false);
  for (auto& g : in.iterate(opt.get("param_groups"))) {
    double lr = group_num(in, g, "lr"), lr_decay = group_num(in, g, "lr_decay"), eps = group_num(in, g, "eps");
    double wd = group_num(in, g, "weight_decay"), init = group_num(in, g, "initial_accumulator_value");
    bool maximize = in.truthy(dict_get(in, g, "maximize"));
    for (const Tensor& p : group_params(in, g)) {
      ParamState& st = opt.state[p.impl()];
      if (!st.sum.defined()) st.sum = tp::full(p.sizes(), Scalar::from_double(init), p.dtype(), p.device());
      Tensor grad(p.impl()->grad);
      if (!grad.defined()) continue;
      st.step += 1;
      if (maximize) grad = tp::neg(grad);
      if (wd != 0) grad = tp::add(grad, p, Scalar::from_double(wd));
      double clr = lr / (1 + double(st.step - 1) * lr_decay);
      tp::add_(st.sum, tp::mul(tp::mul(num(1), grad), grad));  // state_sum.addcmul_(grad, grad, value=1)
      Tensor std_ = tp::add_(tp::unary(st.sum, UnaryOp::Sqrt), num(eps));
      tp::add_(p, tp::div(tp::mul(num(-clr), grad), std_));   // param.addcdiv_(grad, std, value=-clr)
    }
  }
}

using Step = void (*)(Interpreter&, OptimizerObj&);

std::shared_ptr<ClassObj> optimizer_class(Interpreter& in, ModuleObj& optim, const std::string& name,
                                          std::vector<std::pair<std::string, ObjPtr>> defaults_template,
                                          bool lr_required, Step step) {
  auto cls = make_class(name);
  std::string file = name;
  std::transform(file.begin(), file.end(), file.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  cls->set("__module__", in.make_str("torch.optim." + file));
  std::weak_ptr<ClassObj> weak = cls;
  cls->call_hook = [name, defaults_template, lr_required, weak](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, name, a);
    ObjPtr params = p.required("params", 0);
    auto defaults = defaults_template;
    for (size_t i = 0; i < defaults.size(); ++i) {
      ObjPtr v = p.get(defaults[i].first, i + 1);
      if (v) defaults[i].second = v;
    }
    p.finish();
    if (lr_required && defaults[0].second->kind == Kind::None)
      throw TorchError("TypeError", std::string(name) + ".__init__() missing 1 required positional argument: 'lr'");
    double lr = to_double(in, defaults[0].second);
    if (lr < 0) throw TorchError("ValueError", "Invalid learning rate: " + in.repr(defaults[0].second));
    auto opt = std::make_shared<OptimizerObj>(name);
    opt->cls = weak.lock();
    opt->set("defaults", in.make_dict());
    opt->set("param_groups", make_groups(in, params, defaults));
    return opt;
  };
  def(*cls, name + ".", "step", [step](Interpreter& in, CallArgs& a) -> ObjPtr {
    auto* opt = obj_cast<OptimizerObj>(a.args.at(0).get());
    if (!opt) throw TorchError("TypeError", "step() needs an optimizer");
    ObjPtr closure = a.args.size() > 1 ? a.args[1] : nullptr;
    ObjPtr loss = in.none();
    if (!is_none(closure)) {
      GradModeGuard on(true);
      loss = in.call(closure, CallArgs{});
    }
    step(in, *opt);
    return loss;
  });
  def(*cls, name + ".", "zero_grad", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr self = a.args.at(0);
    a.args.erase(a.args.begin());
    ArgParser p(in, "zero_grad", a);
    bool to_none = bool_arg(in, p.get("set_to_none", 0), true);
    p.finish();
    for (auto& g : in.iterate(cast<InstanceObj>(self).get("param_groups")))
      for (const Tensor& t : group_params(in, g)) zero_grad(t, to_none);
    return in.none();
  });
  // Optimizer.__repr__: each group's options in sorted key order, printed with str().
  def(*cls, name + ".", "__repr__", [name](Interpreter& in, CallArgs& a) -> ObjPtr {
    std::string s = name + " (";
    int i = 0;
    for (auto& g : in.iterate(cast<InstanceObj>(a.args.at(0)).get("param_groups"))) {
      s += "\nParameter Group " + std::to_string(i++) + "\n";
      std::vector<std::pair<std::string, ObjPtr>> items;
      for (auto& [k, v] : cast<DictObj>(g).items)
        if (k->kind == Kind::Str && cast<StrObj>(k).value != "params") items.push_back({cast<StrObj>(k).value, v});
      std::sort(items.begin(), items.end(), [](auto& x, auto& y) { return x.first < y.first; });
      for (auto& [k, v] : items) s += "    " + k + ": " + in.str(v) + "\n";
    }
    return in.make_str(s + ")");
  });
  optim.set(name, cls);
  return cls;
}

}  // namespace

void install_optim(Interpreter& in) {
  auto optim = std::make_shared<ModuleObj>("torch.optim");
  ObjPtr f = in.make_bool(false);
  optimizer_class(in, *optim, "SGD",
                  {{"lr", in.make_float(1e-3)}, {"momentum", in.make_int(0)}, {"dampening", in.make_int(0)},
                   {"weight_decay", in.make_int(0)}, {"nesterov", f}, {"maximize", f}, {"foreach", in.none()},
                   {"differentiable", f}, {"fused", in.none()}},
                  false, sgd_step);
  optimizer_class(in, *optim, "Adam",
                  {{"lr", in.make_float(1e-3)},
                   {"betas", in.make_tuple({in.make_float(0.9), in.make_float(0.999)})},
                   {"eps", in.make_float(1e-8)}, {"weight_decay", in.make_int(0)}, {"amsgrad", f}, {"maximize", f},
                   {"foreach", in.none()}, {"capturable", f}, {"differentiable", f}, {"fused", in.none()},
                   {"decoupled_weight_decay", f}},
                  false, adam_step);
  optimizer_class(in, *optim, "AdamW",
                  {{"lr", in.make_float(1e-3)},
                   {"betas", in.make_tuple({in.make_float(0.9), in.make_float(0.999)})},
                   {"eps", in.make_float(1e-8)}, {"weight_decay", in.make_float(1e-2)}, {"amsgrad", f}, {"maximize", f},
                   {"foreach", in.none()}, {"capturable", f}, {"differentiable", f}, {"fused", in.none()},
                   {"decoupled_weight_decay", in.make_bool(true)}},  // AdamW is Adam(decoupled_weight_decay=True) since 2.7
                  false, adam_step);
  if (full_library()) optimizer_class(in, *optim, "RMSprop",
                  {{"lr", in.make_float(1e-2)}, {"alpha", in.make_float(0.99)}, {"eps", in.make_float(1e-8)},
                   {"weight_decay", in.make_int(0)}, {"momentum", in.make_int(0)}, {"centered", f},
                   {"capturable", f}, {"foreach", in.none()}, {"maximize", f}, {"differentiable", f}},
                  false, rmsprop_step);
  if (full_library()) optimizer_class(in, *optim, "Adagrad",
                  {{"lr", in.make_float(1e-2)}, {"lr_decay", in.make_int(0)}, {"weight_decay", in.make_int(0)},
                   {"initial_accumulator_value", in.make_int(0)}, {"eps", in.make_float(1e-10)},
                   {"foreach", in.none()}, {"maximize", f}, {"differentiable", f}, {"fused", in.none()}},
                  false, adagrad_step);
  if (full_library()) install_lr_scheduler(in, *optim);
  in.register_module("torch.optim", optim);
  in.find_module("torch")->set("optim", optim);
}

}  // namespace tp::interp::lib
