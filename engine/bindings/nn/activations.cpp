// Activations as torch.nn.functional functions, torch.* functions and nn modules (arguments,
// checks and extra_repr of torch/nn/functional.py and torch/nn/modules/activation.py): selu, celu,
// hardtanh, relu6, threshold, logsigmoid, softmin, glu, mish, hardswish, hardsigmoid, prelu; and the
// torch.sigmoid_ / tanh_ / relu_ / abs_ in-place functions.
// inplace=True is refused (NotImplementedError) rather than computed out of place.
#include "autograd/nn_functions.h"
#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "bindings/nn/nn.h"
#include "bindings/nn/bind.h"

namespace tp::interp::lib {

namespace {

using namespace nn_bind;
bool flag(Interpreter& in, const ObjPtr& self, const char* name) { return in.truthy(attr(in, self, name)); }

void refuse_inplace(Interpreter& in, bool inplace, const std::string& fname) {
  if (inplace) throw TorchError("NotImplementedError", fname + "(inplace=True) is not supported by the playground");
}

const Tensor& input(Interpreter& in, ArgParser& p, const std::string& f, size_t i = 0, const char* name = "input") {
  return tensor_arg(in, p.required(name, i), f, name, int(i) + 1);
}

// F.softmin: dim=None picks 0 for 0-, 1- and 3-D inputs, else 1, with _get_softmax_dim's warning.
ObjPtr softmin_call(Interpreter& in, const Tensor& x, const ObjPtr& dim, const ObjPtr& dtype) {
  int64_t d;
  if (!is_none(dim)) {
    d = to_int(in, dim, "argument 'dim'");
  } else {
    ctx().warn("Implicit dimension choice for softmin has been deprecated. Change the call to include dim=X as an "
               "argument.");
    d = x.dim() == 0 || x.dim() == 1 || x.dim() == 3 ? 0 : 1;
  }
  Tensor negated = tp::neg(x);  // (-input).softmax(dim, dtype=dtype)
  if (auto dt = opt_dtype(dtype)) negated = tp::to(negated, *dt, negated.device(), false);
  return in.wrap_tensor(tp::softmax(negated, d));
}

// F.hardtanh's check, then hardtanh (relu6 is hardtanh(0, 6)).
ObjPtr hardtanh_call(Interpreter& in, const Tensor& x, const ObjPtr& lo, const ObjPtr& hi) {
  double min_val = to_double(in, lo), max_val = to_double(in, hi);
  if (min_val > max_val) throw TorchError("ValueError", "min_val cannot be greater than max_val");
  return in.wrap_tensor(tp::hardtanh(x, min_val, max_val));
}

void install_functions(Interpreter& in, ModuleObj& torch, ModuleObj& F) {
  const std::string FP = "torch.nn.functional.";
  fn(F, FP, "selu", [](Interpreter& in, ArgParser& p) {
    const Tensor& x = input(in, p, "selu");
    refuse_inplace(in, bool_arg(in, p.get("inplace", 1), false), "selu");
    return in.wrap_tensor(tp::selu(x));
  });
  fn(F, FP, "celu", [](Interpreter& in, ArgParser& p) {
    const Tensor& x = input(in, p, "celu");
    double alpha = double_arg(in, p.get("alpha", 1), 1.0);
    refuse_inplace(in, bool_arg(in, p.get("inplace", 2), false), "celu");
    return in.wrap_tensor(tp::celu(x, alpha));
  });
  fn(torch, "torch.", "selu", [](Interpreter& in, ArgParser& p) { return in.wrap_tensor(tp::selu(input(in, p, "selu"))); });
  fn(torch, "torch.", "celu", [](Interpreter& in, ArgParser& p) {
    const Tensor& x = input(in, p, "celu");
    return in.wrap_tensor(tp::celu(x, double_arg(in, p.get("alpha", 1), 1.0)));
  });
  fn(F, FP, "hardtanh", [](Interpreter& in, ArgParser& p) {
    const Tensor& x = input(in, p, "hardtanh");
    ObjPtr lo = or_default(p.get("min_val", 1), in.make_float(-1.0)), hi = or_default(p.get("max_val", 2), in.make_float(1.0));
    refuse_inplace(in, bool_arg(in, p.get("inplace", 3), false), "hardtanh");
    return hardtanh_call(in, x, lo, hi);
  });
  fn(F, FP, "relu6", [](Interpreter& in, ArgParser& p) {
    const Tensor& x = input(in, p, "relu6");
    refuse_inplace(in, bool_arg(in, p.get("inplace", 1), false), "relu6");
    return in.wrap_tensor(tp::hardtanh(x, 0.0, 6.0));
  });
  for (ModuleObj* m : {&torch, &F}) {
    fn(*m, m == &torch ? "torch." : FP, "threshold", [m, &torch](Interpreter& in, ArgParser& p) {
      const Tensor& x = input(in, p, "threshold");
      double th = to_double(in, p.required("threshold", 1)), value = to_double(in, p.required("value", 2));
      if (m != &torch) refuse_inplace(in, bool_arg(in, p.get("inplace", 3), false), "threshold");
      return in.wrap_tensor(tp::threshold(x, th, value));
    });
    fn(*m, m == &torch ? "torch." : FP, "prelu", [](Interpreter& in, ArgParser& p) {
      const Tensor& x = input(in, p, "prelu");
      return in.wrap_tensor(tp::prelu(x, input(in, p, "prelu", 1, "weight")));
    });
  }
  fn(F, FP, "logsigmoid", [](Interpreter& in, ArgParser& p) {
    return in.wrap_tensor(tp::log_sigmoid(input(in, p, "log_sigmoid", 0, "input")));
  });
  fn(F, FP, "softmin", [](Interpreter& in, ArgParser& p) {
    const Tensor& x = input(in, p, "softmin");
    ObjPtr dim = p.get("dim", 1);
    p.get("_stacklevel", 2);
    return softmin_call(in, x, dim, p.get("dtype", 3));
  });
  fn(F, FP, "glu", [](Interpreter& in, ArgParser& p) {
    const Tensor& x = input(in, p, "glu");
    int64_t dim = is_none(p.get("dim", 1)) ? -1 : to_int(in, p.get("dim", 1), "argument 'dim'");
    return in.wrap_tensor(tp::glu(x, dim));
  });
  struct Simple { const char* name; Tensor (*f)(const Tensor&); };
  for (Simple s : {Simple{"mish", tp::mish}, Simple{"hardswish", tp::hardswish}, Simple{"hardsigmoid", tp::hardsigmoid}}) {
    std::string name = s.name;
    auto f = s.f;
    fn(F, FP, name, [name, f](Interpreter& in, ArgParser& p) {
      const Tensor& x = input(in, p, name);
      refuse_inplace(in, bool_arg(in, p.get("inplace", 1), false), name);
      return in.wrap_tensor(f(x));
    });
  }
}

std::string inplace_only(Interpreter& in, const ObjPtr& self) { return flag(in, self, "inplace") ? "inplace=True" : ""; }
std::string inplace_suffix(Interpreter& in, const ObjPtr& self) { return flag(in, self, "inplace") ? ", inplace=True" : ""; }

void init_inplace(Interpreter& in, const ObjPtr& self, ArgParser& p, size_t pos) {
  set(self, "inplace", in.make_bool(bool_arg(in, p.get("inplace", pos), false)));
}

// nn.Hardtanh.__init__ (min_value / max_value are deprecated aliases), shared by ReLU6.
void hardtanh_init(Interpreter& in, const ObjPtr& self, ObjPtr lo, ObjPtr hi, bool inplace) {
  set(self, "min_val", lo);
  set(self, "max_val", hi);
  set(self, "inplace", in.make_bool(inplace));
  if (!(to_double(in, hi) > to_double(in, lo))) throw TorchError("AssertionError", "");
}

ObjPtr hardtanh_forward(Interpreter& in, const ObjPtr& self, ArgParser& p) {
  const Tensor& x = input(in, p, "forward");
  refuse_inplace(in, flag(in, self, "inplace"), "hardtanh");
  return hardtanh_call(in, x, attr(in, self, "min_val"), attr(in, self, "max_val"));
}

void install_modules(Interpreter& in, ModuleObj& nn) {
  auto activation = [&in](const std::shared_ptr<ClassObj>& c) {
    c->set("__module__", in.make_str("torch.nn.modules.activation"));
  };
  activation(library_module(in, nn, "SELU",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) { init_inplace(in, self, p, 0); },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        refuse_inplace(in, flag(in, self, "inplace"), "selu");
        return in.wrap_tensor(tp::selu(input(in, p, "forward")));
      }, inplace_only));
  activation(library_module(in, nn, "CELU",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        set(self, "alpha", or_default(p.get("alpha", 0), in.make_float(1.0)));
        init_inplace(in, self, p, 1);
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        refuse_inplace(in, flag(in, self, "inplace"), "celu");
        return in.wrap_tensor(tp::celu(input(in, p, "forward"), to_double(in, attr(in, self, "alpha"))));
      },
      [](Interpreter& in, const ObjPtr& self) { return "alpha=" + in.str(attr(in, self, "alpha")) + inplace_suffix(in, self); }));
  activation(library_module(in, nn, "Hardtanh",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        ObjPtr lo = or_default(p.get("min_val", 0), in.make_float(-1.0)), hi = or_default(p.get("max_val", 1), in.make_float(1.0));
        bool inplace = bool_arg(in, p.get("inplace", 2), false);
        if (ObjPtr v = p.get("min_value", 3); !is_none(v)) {
          ctx().warn("keyword argument `min_value` is deprecated and rename to `min_val`", "FutureWarning");
          lo = v;
        }
        if (ObjPtr v = p.get("max_value", 4); !is_none(v)) {
          ctx().warn("keyword argument `max_value` is deprecated and rename to `max_val`", "FutureWarning");
          hi = v;
        }
        hardtanh_init(in, self, lo, hi, inplace);
      },
      hardtanh_forward,
      [](Interpreter& in, const ObjPtr& self) {
        return "min_val=" + in.str(attr(in, self, "min_val")) + ", max_val=" + in.str(attr(in, self, "max_val")) +
               inplace_suffix(in, self);
      }));
  auto relu6 = library_module(in, nn, "ReLU6",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        hardtanh_init(in, self, in.make_float(0.0), in.make_float(6.0), bool_arg(in, p.get("inplace", 0), false));
      },
      hardtanh_forward, inplace_only);
  relu6->bases = {std::static_pointer_cast<ClassObj>(nn.get("Hardtanh"))};
  activation(relu6);
  activation(library_module(in, nn, "Threshold",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        set(self, "threshold", p.required("threshold", 0));
        set(self, "value", p.required("value", 1));
        init_inplace(in, self, p, 2);
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        refuse_inplace(in, flag(in, self, "inplace"), "threshold");
        return in.wrap_tensor(tp::threshold(input(in, p, "forward"), to_double(in, attr(in, self, "threshold")),
                                            to_double(in, attr(in, self, "value"))));
      },
      [](Interpreter& in, const ObjPtr& self) {
        return "threshold=" + in.str(attr(in, self, "threshold")) + ", value=" + in.str(attr(in, self, "value")) +
               inplace_suffix(in, self);
      }));
  activation(library_module(in, nn, "LogSigmoid", [](Interpreter&, const ObjPtr&, ArgParser&) {},
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        return in.wrap_tensor(tp::log_sigmoid(input(in, p, "forward")));
      }));
  activation(library_module(in, nn, "Softmin",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) { set(self, "dim", or_default(p.get("dim", 0), in.none())); },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        return softmin_call(in, input(in, p, "forward"), attr(in, self, "dim"), in.none());
      },
      [](Interpreter& in, const ObjPtr& self) { return "dim=" + in.str(attr(in, self, "dim")); }));
  activation(library_module(in, nn, "GLU",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) { set(self, "dim", or_default(p.get("dim", 0), in.make_int(-1))); },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        return in.wrap_tensor(tp::glu(input(in, p, "forward"), to_int(in, attr(in, self, "dim"), "argument 'dim'")));
      },
      [](Interpreter& in, const ObjPtr& self) { return "dim=" + in.str(attr(in, self, "dim")); }));
  struct Simple { const char* name; Tensor (*f)(const Tensor&); bool repr; };
  for (Simple s : {Simple{"Mish", tp::mish, true}, Simple{"Hardswish", tp::hardswish, false},
                   Simple{"Hardsigmoid", tp::hardsigmoid, false}}) {
    auto f = s.f;
    std::string lower = s.name;
    for (auto& ch : lower) ch = char(std::tolower(ch));
    activation(library_module(in, nn, s.name,
        [](Interpreter& in, const ObjPtr& self, ArgParser& p) { init_inplace(in, self, p, 0); },
        [f, lower](Interpreter& in, const ObjPtr& self, ArgParser& p) {
          refuse_inplace(in, flag(in, self, "inplace"), lower);
          return in.wrap_tensor(f(input(in, p, "forward")));
        },
        s.repr ? ModuleExtraRepr(inplace_only) : ModuleExtraRepr()));  // Hardswish / Hardsigmoid have none
  }
  activation(library_module(in, nn, "PReLU",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        ObjPtr num = or_default(p.get("num_parameters", 0), in.make_int(1));
        ObjPtr init = or_default(p.get("init", 1), in.make_float(0.25));
        Device dev = device_or(p.get("device", 2), Device{});
        DType dt = opt_dtype(p.get("dtype", 3)).value_or(ctx().default_dtype);
        set(self, "num_parameters", num);
        set(self, "init", init);
        CallArgs pa;
        pa.args = {in.wrap_tensor(tp::empty({to_int(in, num, "argument 'num_parameters'")}, dt, dev))};
        ObjPtr w = in.call(in.find_module("torch.nn")->get("Parameter"), pa);
        set(self, "weight", w);
        GradModeGuard off(false);  // reset_parameters: init.constant_(self.weight, self.init)
        tp::fill_(tensor_of(w), to_scalar(init));
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        const Tensor& w = tensor_arg(in, attr(in, self, "weight"), "prelu", "weight", 2);
        return in.wrap_tensor(tp::prelu(input(in, p, "forward"), w));
      },
      [](Interpreter& in, const ObjPtr& self) { return "num_parameters=" + in.str(attr(in, self, "num_parameters")); }));
}

}  // namespace

// torch.sigmoid_ / tanh_ / relu_ / abs_: in every library (in-place ops are what the playground is
// about); the rest of this file only in the full one (Note [Two modules]).
void install_inplace_activations(Interpreter& in) {
  ModuleObj& torch = *in.find_module("torch");  // each the in-place method as a function (returns its input)
  struct Inplace { const char* name; UnaryOp op; };
  for (Inplace ip : {Inplace{"sigmoid_", UnaryOp::Sigmoid}, Inplace{"tanh_", UnaryOp::Tanh}, Inplace{"relu_", UnaryOp::Relu},
                     Inplace{"abs_", UnaryOp::Abs}}) {
    std::string name = ip.name;
    UnaryOp op = ip.op;
    fn(torch, "torch.", name, [name, op](Interpreter& in, ArgParser& p) {
      return in.wrap_tensor(tp::unary_(input(in, p, name), op));
    });
  }
}

void install_nn_activations(Interpreter& in, ModuleObj& nn) {
  install_functions(in, *in.find_module("torch"), *std::static_pointer_cast<ModuleObj>(nn.get("functional")));
  install_modules(in, nn);
}

}  // namespace tp::interp::lib
