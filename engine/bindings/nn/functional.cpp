// torch.nn.functional (relu/sigmoid/tanh/softmax/linear/mse_loss/nll_loss/cross_entropy) and torch.nn.init (the in-place
// initialisers of torch/nn/init.py, computed in double like Python and run under no_grad).
#include <cmath>

#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "bindings/nn/nn.h"

namespace tp::interp::lib {

namespace {

// torch/nn/init.py _calculate_fan_in_and_fan_out
std::pair<int64_t, int64_t> fans(const Tensor& t) {
  if (t.dim() < 2)
    throw TorchError("ValueError", "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions");
  int64_t receptive = 1;
  for (int64_t d = 2; d < t.dim(); ++d) receptive *= t.size(d);
  return {t.size(1) * receptive, t.size(0) * receptive};
}

double calculate_gain(const std::string& nonlinearity, double a) {
  if (nonlinearity == "leaky_relu") return std::sqrt(2.0 / (1 + std::pow(a, 2)));
  if (nonlinearity == "relu") return std::sqrt(2.0);
  if (nonlinearity == "tanh") return 5.0 / 3;
  if (nonlinearity == "linear" || nonlinearity == "sigmoid" || nonlinearity.rfind("conv", 0) == 0) return 1;
  throw TorchError("ValueError", "Unsupported nonlinearity " + nonlinearity);
}

using InitBody = Callable<void(Interpreter&, const Tensor&, ArgParser&)>;

void init_fn(Interpreter& in, ModuleObj& m, const std::string& name, InitBody body) {
  def(m, "torch.nn.init.", name, [name, body](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, name, a);
    ObjPtr t = p.required("tensor", 0);
    const Tensor& ten = tensor_arg(in, t, name, "tensor", 1);
    p.kw("generator");
    {
      GradModeGuard off(false);
      body(in, ten, p);
    }
    p.finish();
    return t;
  });
}

}  // namespace

void install_functional(Interpreter& in, ModuleObj& nn) {
  auto F = std::make_shared<ModuleObj>("torch.nn.functional");
  const std::string P = "torch.nn.functional.";
  struct Act { const char* name; UnaryOp op; };
  for (Act act : {Act{"relu", UnaryOp::Relu}, Act{"sigmoid", UnaryOp::Sigmoid}, Act{"tanh", UnaryOp::Tanh}}) {
    UnaryOp op = act.op;
    std::string name = act.name;
    def(*F, P, name, [op, name](Interpreter& in, CallArgs& a) -> ObjPtr {
      ArgParser p(in, name, a);
      const Tensor& x = tensor_arg(in, p.required("input", 0), name, "input", 1);
      bool inplace = bool_arg(in, p.get("inplace", 1), false);
      p.finish();
      return in.wrap_tensor(inplace ? tp::unary_(x, op) : tp::unary(x, op));
    });
  }
  for (const char* n : {"softmax", "log_softmax"}) {
    bool log = std::string(n) == "log_softmax";
    def(*F, P, n, [log](Interpreter& in, CallArgs& a) -> ObjPtr {
      ArgParser p(in, log ? "log_softmax" : "softmax", a);
      const Tensor& x = tensor_arg(in, p.required("input", 0), log ? "log_softmax" : "softmax", "input", 1);
      CallArgs rest;
      if (ObjPtr d = p.get("dim", 1)) rest.kwargs.push_back({"dim", d});
      p.get("_stacklevel", 2);
      if (ObjPtr d = p.get("dtype", 3)) rest.kwargs.push_back({"dtype", d});
      p.finish();
      ArgParser q(in, log ? "log_softmax" : "softmax", rest);
      return softmax_call(in, x, q, log);
    });
  }
  def(*F, P, "linear", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "linear", a);
    const Tensor& x = tensor_arg(in, p.required("input", 0), "linear", "input", 1);
    const Tensor& w = tensor_arg(in, p.required("weight", 1), "linear", "weight", 2);
    ObjPtr b = p.get("bias", 2);
    p.finish();
    return in.wrap_tensor(tp::linear(x, w, is_none(b) ? Tensor() : tensor_arg(in, b, "linear", "bias", 3)));
  });
  def(*F, P, "mse_loss", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "mse_loss", a);
    const Tensor& x = tensor_arg(in, p.required("input", 0), "mse_loss", "input", 1);
    const Tensor& y = tensor_arg(in, p.required("target", 1), "mse_loss", "target", 2);
    p.get("size_average", 2);
    p.get("reduce", 3);
    ObjPtr r = p.get("reduction", 4);
    p.finish();
    return in.wrap_tensor(tp::mse_loss(x, y, is_none(r) ? "mean" : to_str(in, r)));
  });
  for (const char* n : {"nll_loss", "cross_entropy"}) {
    bool ce = std::string(n) == "cross_entropy";
    std::string name = n;
    def(*F, P, name, [ce, name](Interpreter& in, CallArgs& a) -> ObjPtr {
      ArgParser p(in, name, a);
      const Tensor& x = tensor_arg(in, p.required("input", 0), name, "input", 1);
      const Tensor& y = tensor_arg(in, p.required("target", 1), name, "target", 2);
      ObjPtr w = p.get("weight", 2);
      p.get("size_average", 3);
      ObjPtr ii = p.get("ignore_index", 4);
      p.get("reduce", 5);
      ObjPtr r = p.get("reduction", 6);
      double smoothing = ce ? double_arg(in, p.get("label_smoothing", 7), 0.0) : 0.0;
      p.finish();
      if (smoothing != 0.0)
        throw TorchError("NotImplementedError", "cross_entropy(label_smoothing=...) is not supported by the playground");
      Tensor weight = is_none(w) ? Tensor() : tensor_arg(in, w, name, "weight", 3);
      int64_t ignore_index = is_none(ii) ? -100 : to_int(in, ii, "argument 'ignore_index'");
      std::string reduction = is_none(r) ? "mean" : to_str(in, r);
      return in.wrap_tensor(ce ? tp::cross_entropy(x, y, weight, reduction, ignore_index)
                               : tp::nll_loss(x, y, weight, reduction, ignore_index));
    });
  }
  in.register_module("torch.nn.functional", F);
  nn.set("functional", F);

  auto init = std::make_shared<ModuleObj>("torch.nn.init");
  init_fn(in, *init, "uniform_", [](Interpreter& in, const Tensor& t, ArgParser& p) {
    tp::uniform_(t, double_arg(in, p.get("a", 1), 0.0), double_arg(in, p.get("b", 2), 1.0));
  });
  init_fn(in, *init, "normal_", [](Interpreter& in, const Tensor& t, ArgParser& p) {
    tp::normal_(t, double_arg(in, p.get("mean", 1), 0.0), double_arg(in, p.get("std", 2), 1.0));
  });
  init_fn(in, *init, "constant_", [](Interpreter& in, const Tensor& t, ArgParser& p) {
    tp::fill_(t, to_scalar(p.required("val", 1)));
  });
  init_fn(in, *init, "zeros_", [](Interpreter& in, const Tensor& t, ArgParser& p) { tp::zero_(t); });
  init_fn(in, *init, "ones_", [](Interpreter& in, const Tensor& t, ArgParser& p) {
    tp::fill_(t, Scalar::from_int(1));
  });
  init_fn(in, *init, "kaiming_uniform_", [](Interpreter& in, const Tensor& t, ArgParser& p) {
    double a = double_arg(in, p.get("a", 1), 0.0);
    ObjPtr mode = p.get("mode", 2), nl = p.get("nonlinearity", 3);
    auto [fan_in, fan_out] = fans(t);
    int64_t fan = is_none(mode) || to_str(in, mode) == "fan_in" ? fan_in : fan_out;
    double gain = calculate_gain(is_none(nl) ? "leaky_relu" : to_str(in, nl), a);
    double bound = std::sqrt(3.0) * (gain / std::sqrt(double(fan)));
    tp::uniform_(t, -bound, bound);
  });
  init_fn(in, *init, "xavier_uniform_", [](Interpreter& in, const Tensor& t, ArgParser& p) {
    double gain = double_arg(in, p.get("gain", 1), 1.0);
    auto [fan_in, fan_out] = fans(t);
    double std_ = gain * std::sqrt(2.0 / double(fan_in + fan_out));
    double a = std::sqrt(3.0) * std_;
    tp::uniform_(t, -a, a);
  });
  in.register_module("torch.nn.init", init);
  nn.set("init", init);
}

}  // namespace tp::interp::lib
