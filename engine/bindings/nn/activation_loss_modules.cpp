// torch.nn activations (LeakyReLU, GELU, ELU, SiLU, Softplus, Softmax, LogSoftmax), the regression /
// binary losses (L1Loss, SmoothL1Loss, HuberLoss, BCELoss, BCEWithLogitsLoss), Dropout and Embedding,
// and their torch.nn.functional forms; module arguments, reprs and checks as torch/nn/modules/*.py.
#include <cmath>

#include "autograd/nn_functions.h"
#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "bindings/library_variant.h"
#include "bindings/nn/nn.h"

namespace tp::interp::lib {

namespace {

// Python's default for a missing argument.
ObjPtr or_default(const ObjPtr& o, ObjPtr fallback) { return is_none(o) ? fallback : o; }

ObjPtr attr(Interpreter& in, const ObjPtr& self, const char* name) { return in.getattr(self, name); }

void set(const ObjPtr& self, const char* name, ObjPtr v) { cast<InstanceObj>(self).set(name, std::move(v)); }

Tensor opt_tensor(Interpreter& in, const ObjPtr& o, const std::string& fname, const std::string& name, int pos) {
  return is_none(o) ? Tensor() : tensor_arg(in, o, fname, name, pos);
}

void refuse_inplace(Interpreter& in, const ObjPtr& inplace, const std::string& fname) {
  if (!is_none(inplace) && in.truthy(inplace))
    throw TorchError("NotImplementedError", fname + "(inplace=True) is not supported by the playground");
}

// torch/nn/_reduction.py: legacy size_average / reduce override `reduction` (with a warning).
std::string reduction_of(Interpreter& in, const ObjPtr& size_average, const ObjPtr& reduce, const ObjPtr& reduction) {
  if (is_none(size_average) && is_none(reduce)) return is_none(reduction) ? "mean" : to_str(in, reduction);
  bool avg = is_none(size_average) || in.truthy(size_average), red = is_none(reduce) || in.truthy(reduce);
  std::string r = avg && red ? "mean" : red ? "sum" : "none";
  ctx().warn("size_average and reduce args will be deprecated, please use reduction='" + r + "' instead.");
  return r;
}

// The class torch/nn/modules/<file>.py defines (type(m) prints it).
void in_file(Interpreter& in, const std::shared_ptr<ClassObj>& cls, const std::string& file) {
  cls->set("__module__", in.make_str("torch.nn.modules." + file));
}

const Tensor& forward_input(Interpreter& in, ArgParser& p, size_t i = 0, const char* name = "input") {
  return tensor_arg(in, p.required(name, i), "forward", name, int(i) + 1);
}

// _get_softmax_dim: dim=None picks 0 for 0-, 1- and 3-D inputs, else 1, and warns.
int64_t softmax_dim(Interpreter& in, const ObjPtr& dim, const Tensor& x) {
  if (!is_none(dim)) return to_int(in, dim, "argument 'dim'");
  ctx().warn("Implicit dimension choice for softmax has been deprecated. Change the call to include dim=X as an "
             "argument.");
  int64_t nd = x.dim();
  return nd == 0 || nd == 1 || nd == 3 ? 0 : 1;
}

void check_dropout_p(Interpreter& in, const ObjPtr& p) {
  double v = to_double(in, p);
  if (v < 0.0 || v > 1.0) throw TorchError("ValueError", "dropout probability has to be between 0 and 1, but got " + in.str(p));
}

// F.embedding / nn.Embedding: padding_idx checked against the rows, negatives counted from the end.
int64_t padding_index(Interpreter& in, const ObjPtr& padding_idx, int64_t rows) {
  if (is_none(padding_idx)) return -1;
  int64_t i = to_int(in, padding_idx, "argument 'padding_idx'");
  if (i > 0 && i >= rows) throw TorchError("AssertionError", "Padding_idx must be within num_embeddings");
  if (i < 0 && i < -rows) throw TorchError("AssertionError", "Padding_idx must be within num_embeddings");
  return i < 0 ? rows + i : i;
}

void install_activation_modules(Interpreter& in, ModuleObj& nn) {
  in_file(in, library_module(in, nn, "LeakyReLU",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        set(self, "negative_slope", or_default(p.get("negative_slope", 0), in.make_float(0.01)));
        set(self, "inplace", in.make_bool(bool_arg(in, p.get("inplace", 1), false)));
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        refuse_inplace(in, attr(in, self, "inplace"), "leaky_relu");
        return in.wrap_tensor(tp::leaky_relu(forward_input(in, p), to_double(in, attr(in, self, "negative_slope"))));
      },
      [](Interpreter& in, const ObjPtr& self) {
        return "negative_slope=" + in.str(attr(in, self, "negative_slope")) +
               (in.truthy(attr(in, self, "inplace")) ? ", inplace=True" : "");
      }), "activation");
  in_file(in, library_module(in, nn, "GELU",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        set(self, "approximate", or_default(p.get("approximate", 0), in.make_str("none")));
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        return in.wrap_tensor(tp::gelu(forward_input(in, p), to_str(in, attr(in, self, "approximate"))));
      },
      [](Interpreter& in, const ObjPtr& self) { return "approximate=" + in.repr(attr(in, self, "approximate")); }),
      "activation");
  in_file(in, library_module(in, nn, "ELU",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        set(self, "alpha", or_default(p.get("alpha", 0), in.make_float(1.0)));
        set(self, "inplace", in.make_bool(bool_arg(in, p.get("inplace", 1), false)));
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        refuse_inplace(in, attr(in, self, "inplace"), "elu");
        return in.wrap_tensor(tp::elu(forward_input(in, p), to_double(in, attr(in, self, "alpha"))));
      },
      [](Interpreter& in, const ObjPtr& self) {
        return "alpha=" + in.str(attr(in, self, "alpha")) + (in.truthy(attr(in, self, "inplace")) ? ", inplace=True" : "");
      }), "activation");
  in_file(in, library_module(in, nn, "SiLU",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        set(self, "inplace", in.make_bool(bool_arg(in, p.get("inplace", 0), false)));
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        refuse_inplace(in, attr(in, self, "inplace"), "silu");
        return in.wrap_tensor(tp::silu(forward_input(in, p)));
      },
      [](Interpreter& in, const ObjPtr& self) -> std::string {
        return in.truthy(attr(in, self, "inplace")) ? "inplace=True" : "";
      }), "activation");
  in_file(in, library_module(in, nn, "Softplus",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        set(self, "beta", or_default(p.get("beta", 0), in.make_float(1.0)));
        set(self, "threshold", or_default(p.get("threshold", 1), in.make_float(20.0)));
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        return in.wrap_tensor(tp::softplus(forward_input(in, p), to_double(in, attr(in, self, "beta")),
                                           to_double(in, attr(in, self, "threshold"))));
      },
      [](Interpreter& in, const ObjPtr& self) {
        return "beta=" + in.str(attr(in, self, "beta")) + ", threshold=" + in.str(attr(in, self, "threshold"));
      }), "activation");
}

void install_softmax_modules(Interpreter& in, ModuleObj& nn) {
  for (const char* name : {"Softmax", "LogSoftmax"}) {
    bool log = std::string(name) == "LogSoftmax";
    in_file(in, library_module(in, nn, name,
        [](Interpreter& in, const ObjPtr& self, ArgParser& p) { set(self, "dim", or_default(p.get("dim", 0), in.none())); },
        [log](Interpreter& in, const ObjPtr& self, ArgParser& p) {
          const Tensor& x = forward_input(in, p);
          int64_t dim = softmax_dim(in, attr(in, self, "dim"), x);
          return in.wrap_tensor(log ? tp::log_softmax(x, dim) : tp::softmax(x, dim));
        },
        [](Interpreter& in, const ObjPtr& self) { return "dim=" + in.str(attr(in, self, "dim")); }), "activation");
  }
}

void install_loss_modules(Interpreter& in, ModuleObj& nn) {
  // L1Loss / SmoothL1Loss (size_average, reduce, reduction[, beta]); HuberLoss (reduction, delta).
  in_file(in, library_module(in, nn, "L1Loss",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        ObjPtr sa = p.get("size_average", 0), rd = p.get("reduce", 1);
        set(self, "reduction", in.make_str(reduction_of(in, sa, rd, p.get("reduction", 2))));
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        return in.wrap_tensor(tp::l1_loss(forward_input(in, p), forward_input(in, p, 1, "target"),
                                          to_str(in, attr(in, self, "reduction"))));
      }), "loss");
  in_file(in, library_module(in, nn, "SmoothL1Loss",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        ObjPtr sa = p.get("size_average", 0), rd = p.get("reduce", 1);
        set(self, "reduction", in.make_str(reduction_of(in, sa, rd, p.get("reduction", 2))));
        set(self, "beta", or_default(p.get("beta", 3), in.make_float(1.0)));
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        return in.wrap_tensor(tp::smooth_l1_loss(forward_input(in, p), forward_input(in, p, 1, "target"),
                                                 to_str(in, attr(in, self, "reduction")),
                                                 to_double(in, attr(in, self, "beta"))));
      }), "loss");
  in_file(in, library_module(in, nn, "HuberLoss",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        set(self, "reduction", or_default(p.get("reduction", 0), in.make_str("mean")));
        set(self, "delta", or_default(p.get("delta", 1), in.make_float(1.0)));
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        return in.wrap_tensor(tp::huber_loss(forward_input(in, p), forward_input(in, p, 1, "target"),
                                             to_str(in, attr(in, self, "reduction")),
                                             to_double(in, attr(in, self, "delta"))));
      }), "loss");
}

void install_bce_modules(Interpreter& in, ModuleObj& nn) {
  // BCELoss(weight, size_average, reduce, reduction); BCEWithLogitsLoss(..., pos_weight).
  for (const char* name : {"BCELoss", "BCEWithLogitsLoss"}) {
    bool logits = std::string(name) == "BCEWithLogitsLoss";
    in_file(in, library_module(in, nn, name,
        [logits](Interpreter& in, const ObjPtr& self, ArgParser& p) {
          set(self, "weight", or_default(p.get("weight", 0), in.none()));
          ObjPtr sa = p.get("size_average", 1), rd = p.get("reduce", 2);
          set(self, "reduction", in.make_str(reduction_of(in, sa, rd, p.get("reduction", 3))));
          if (logits) set(self, "pos_weight", or_default(p.get("pos_weight", 4), in.none()));
        },
        [logits](Interpreter& in, const ObjPtr& self, ArgParser& p) {
          const Tensor& x = forward_input(in, p);
          const Tensor& y = forward_input(in, p, 1, "target");
          Tensor w = opt_tensor(in, attr(in, self, "weight"), "forward", "weight", 3);
          std::string r = to_str(in, attr(in, self, "reduction"));
          if (!logits) return in.wrap_tensor(tp::binary_cross_entropy(x, y, w, r));
          Tensor pw = opt_tensor(in, attr(in, self, "pos_weight"), "forward", "pos_weight", 4);
          return in.wrap_tensor(tp::binary_cross_entropy_with_logits(x, y, w, pw, r));
        }), "loss");
  }
}

void install_dropout(Interpreter& in, ModuleObj& nn) {
  in_file(in, library_module(in, nn, "Dropout",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        ObjPtr prob = or_default(p.get("p", 0), in.make_float(0.5));
        check_dropout_p(in, prob);
        set(self, "p", prob);
        set(self, "inplace", in.make_bool(bool_arg(in, p.get("inplace", 1), false)));
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        ObjPtr x = p.required("input", 0);
        const Tensor& t = tensor_arg(in, x, "forward", "input", 1);
        Tensor out = tp::dropout(t, to_double(in, attr(in, self, "p")), in.truthy(attr(in, self, "training")));
        return out.impl() == t.impl() ? x : in.wrap_tensor(out);  // the identity returns the input object
      },
      [](Interpreter& in, const ObjPtr& self) {
        return "p=" + in.str(attr(in, self, "p")) + ", inplace=" + in.str(attr(in, self, "inplace"));
      }), "dropout");
}

using Body = Callable<ObjPtr(Interpreter&, ArgParser&)>;

void fn(ModuleObj& F, const std::string& name, Body body) {
  def(F, "torch.nn.functional.", name, [name, body](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, name, a);
    ObjPtr r = body(in, p);
    p.finish();
    return r;
  });
}

void install_functional_extras(Interpreter& in, ModuleObj& F) {
  auto input = [](Interpreter& in, ArgParser& p, const std::string& f, size_t i = 0, const char* name = "input") -> const Tensor& {
    return tensor_arg(in, p.required(name, i), f, name, int(i) + 1);
  };
  fn(F, "leaky_relu", [input](Interpreter& in, ArgParser& p) {
    const Tensor& x = input(in, p, "leaky_relu");
    double slope = double_arg(in, p.get("negative_slope", 1), 0.01);
    refuse_inplace(in, p.get("inplace", 2), "leaky_relu");
    return in.wrap_tensor(tp::leaky_relu(x, slope));
  });
  fn(F, "gelu", [input](Interpreter& in, ArgParser& p) {
    const Tensor& x = input(in, p, "gelu");
    ObjPtr ap = p.get("approximate", 1);
    return in.wrap_tensor(tp::gelu(x, is_none(ap) ? "none" : to_str(in, ap)));
  });
  fn(F, "elu", [input](Interpreter& in, ArgParser& p) {
    const Tensor& x = input(in, p, "elu");
    double alpha = double_arg(in, p.get("alpha", 1), 1.0);
    refuse_inplace(in, p.get("inplace", 2), "elu");
    return in.wrap_tensor(tp::elu(x, alpha));
  });
  fn(F, "silu", [input](Interpreter& in, ArgParser& p) {
    const Tensor& x = input(in, p, "silu");
    refuse_inplace(in, p.get("inplace", 1), "silu");
    return in.wrap_tensor(tp::silu(x));
  });
  fn(F, "softplus", [input](Interpreter& in, ArgParser& p) {
    const Tensor& x = input(in, p, "softplus");
    double beta = double_arg(in, p.get("beta", 1), 1.0), threshold = double_arg(in, p.get("threshold", 2), 20.0);
    return in.wrap_tensor(tp::softplus(x, beta, threshold));
  });
  fn(F, "l1_loss", [input](Interpreter& in, ArgParser& p) {
    const Tensor& x = input(in, p, "l1_loss");
    const Tensor& y = input(in, p, "l1_loss", 1, "target");
    ObjPtr sa = p.get("size_average", 2), rd = p.get("reduce", 3);
    return in.wrap_tensor(tp::l1_loss(x, y, reduction_of(in, sa, rd, p.get("reduction", 4))));
  });
  fn(F, "smooth_l1_loss", [input](Interpreter& in, ArgParser& p) {
    const Tensor& x = input(in, p, "smooth_l1_loss");
    const Tensor& y = input(in, p, "smooth_l1_loss", 1, "target");
    ObjPtr sa = p.get("size_average", 2), rd = p.get("reduce", 3);
    std::string r = reduction_of(in, sa, rd, p.get("reduction", 4));
    return in.wrap_tensor(tp::smooth_l1_loss(x, y, r, double_arg(in, p.get("beta", 5), 1.0)));
  });
  fn(F, "huber_loss", [input](Interpreter& in, ArgParser& p) {
    const Tensor& x = input(in, p, "huber_loss");
    const Tensor& y = input(in, p, "huber_loss", 1, "target");
    ObjPtr r = p.get("reduction", 2);
    double delta = double_arg(in, p.get("delta", 3), 1.0);
    return in.wrap_tensor(tp::huber_loss(x, y, is_none(r) ? "mean" : to_str(in, r), delta));
  });
}

void install_functional_bce(ModuleObj& F) {
  fn(F, "binary_cross_entropy", [](Interpreter& in, ArgParser& p) {
    const Tensor& x = tensor_arg(in, p.required("input", 0), "binary_cross_entropy", "input", 1);
    const Tensor& y = tensor_arg(in, p.required("target", 1), "binary_cross_entropy", "target", 2);
    Tensor w = opt_tensor(in, p.get("weight", 2), "binary_cross_entropy", "weight", 3);
    ObjPtr sa = p.get("size_average", 3), rd = p.get("reduce", 4);
    return in.wrap_tensor(tp::binary_cross_entropy(x, y, w, reduction_of(in, sa, rd, p.get("reduction", 5))));
  });
  fn(F, "binary_cross_entropy_with_logits", [](Interpreter& in, ArgParser& p) {
    const std::string f = "binary_cross_entropy_with_logits";
    const Tensor& x = tensor_arg(in, p.required("input", 0), f, "input", 1);
    const Tensor& y = tensor_arg(in, p.required("target", 1), f, "target", 2);
    Tensor w = opt_tensor(in, p.get("weight", 2), f, "weight", 3);
    ObjPtr sa = p.get("size_average", 3), rd = p.get("reduce", 4);
    std::string r = reduction_of(in, sa, rd, p.get("reduction", 5));
    Tensor pw = opt_tensor(in, p.get("pos_weight", 6), f, "pos_weight", 7);
    return in.wrap_tensor(tp::binary_cross_entropy_with_logits(x, y, w, pw, r));
  });
}

void install_functional_dropout(ModuleObj& F) {
  fn(F, "dropout", [](Interpreter& in, ArgParser& p) {
    ObjPtr xo = p.required("input", 0);
    const Tensor& x = tensor_arg(in, xo, "dropout", "input", 1);
    ObjPtr prob = or_default(p.get("p", 1), in.make_float(0.5));
    check_dropout_p(in, prob);
    bool training = bool_arg(in, p.get("training", 2), true);
    bool inplace = bool_arg(in, p.get("inplace", 3), false);
    double pv = to_double(in, prob);
    if (inplace && training && pv == 1 && x.numel() > 0) return in.wrap_tensor(tp::mul_(x, tp::zeros({}, x.dtype(), x.device())));
    Tensor out = tp::dropout(x, pv, training);
    return out.impl() == x.impl() ? xo : in.wrap_tensor(out);
  });
}

// nn.Embedding and F.embedding: the full library only (Note [Two modules]); a lookup table is rare
// in a lesson on aliasing and autograd.
void install_embedding(Interpreter& in, ModuleObj& nn) {
  in_file(in, library_module(in, nn, "Embedding",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        int64_t rows = to_int(in, p.required("num_embeddings", 0), "argument 'num_embeddings'");
        int64_t dim = to_int(in, p.required("embedding_dim", 1), "argument 'embedding_dim'");
        ObjPtr pad = p.get("padding_idx", 2), max_norm = p.get("max_norm", 3);
        ObjPtr norm_type = or_default(p.get("norm_type", 4), in.make_float(2.0));
        bool by_freq = bool_arg(in, p.get("scale_grad_by_freq", 5), false);
        bool sparse = bool_arg(in, p.get("sparse", 6), false);
        if (!is_none(p.get("_weight", 7)) || !is_none(max_norm) || by_freq || sparse)
          throw TorchError("NotImplementedError",
                           "Embedding with _weight, max_norm, scale_grad_by_freq or sparse is not supported by the playground");
        bool freeze = bool_arg(in, p.get("_freeze", 8), false);
        Device dev = device_or(p.get("device", 9), Device{});
        DType dt = opt_dtype(p.get("dtype", 10)).value_or(ctx().default_dtype);
        set(self, "num_embeddings", in.make_int(rows));
        set(self, "embedding_dim", in.make_int(dim));
        int64_t pad_idx = padding_index(in, pad, rows);
        set(self, "padding_idx", is_none(pad) ? in.none() : in.make_int(pad_idx));
        set(self, "max_norm", in.none());
        set(self, "norm_type", norm_type);
        set(self, "scale_grad_by_freq", in.make_bool(false));
        // Parameter(torch.empty(...)), then reset_parameters(): init.normal_ and the padding row zeroed.
        CallArgs pa;
        pa.args = {in.wrap_tensor(tp::empty({rows, dim}, dt, dev)), in.make_bool(!freeze)};
        ObjPtr w = in.call(in.find_module("torch.nn")->get("Parameter"), pa);
        set(self, "weight", w);
        set(self, "sparse", in.make_bool(false));
        GradModeGuard off(false);
        tp::normal_(tensor_of(w), 0.0, 1.0);
        if (pad_idx >= 0) tp::fill_(tp::select(tensor_of(w), 0, pad_idx), Scalar::from_int(0));
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        const Tensor& x = forward_input(in, p);
        ObjPtr pad = attr(in, self, "padding_idx");
        const Tensor& w = tensor_arg(in, attr(in, self, "weight"), "embedding", "weight", 2);
        return in.wrap_tensor(tp::embedding(w, x, is_none(pad) ? -1 : to_int(in, pad)));
      },
      [](Interpreter& in, const ObjPtr& self) {
        std::string s = in.str(attr(in, self, "num_embeddings")) + ", " + in.str(attr(in, self, "embedding_dim"));
        if (!is_none(attr(in, self, "padding_idx"))) s += ", padding_idx=" + in.str(attr(in, self, "padding_idx"));
        ObjPtr nt = attr(in, self, "norm_type");
        if (to_double(in, nt) != 2) s += ", norm_type=" + in.str(nt);
        return s;
      }), "sparse");
  ModuleObj& F = *std::static_pointer_cast<ModuleObj>(nn.get("functional"));
  fn(F, "embedding", [](Interpreter& in, ArgParser& p) {
    const Tensor& x = tensor_arg(in, p.required("input", 0), "embedding", "input", 1);
    const Tensor& w = tensor_arg(in, p.required("weight", 1), "embedding", "weight", 2);
    ObjPtr pad = p.get("padding_idx", 2), max_norm = p.get("max_norm", 3);
    p.get("norm_type", 4);
    bool by_freq = bool_arg(in, p.get("scale_grad_by_freq", 5), false), sparse = bool_arg(in, p.get("sparse", 6), false);
    if (!is_none(max_norm) || by_freq || sparse)
      throw TorchError("NotImplementedError",
                       "embedding with max_norm, scale_grad_by_freq or sparse is not supported by the playground");
    int64_t pad_idx = is_none(pad) ? -1 : padding_index(in, pad, w.dim() > 0 ? w.size(0) : 0);
    return in.wrap_tensor(tp::embedding(w, x, pad_idx));
  });
}

}  // namespace

void install_nn_layers(Interpreter& in, ModuleObj& nn) {
  ModuleObj& F = *std::static_pointer_cast<ModuleObj>(nn.get("functional"));
  install_softmax_modules(in, nn);
  install_bce_modules(in, nn);
  install_dropout(in, nn);
  install_functional_bce(F);
  install_functional_dropout(F);
  // Note [Two modules]: the activations and losses past the first tutorials' (ReLU, Sigmoid, Tanh,
  // Softmax, MSELoss, CrossEntropyLoss, BCELoss: install_basic_activation_and_loss_modules and the
  // above) and nn.Embedding.
  if (full_library()) {
    install_activation_modules(in, nn);
    install_loss_modules(in, nn);
    install_embedding(in, nn);
    install_functional_extras(in, F);
  }
}

// nn.ReLU / Sigmoid / Tanh (torch/nn/modules/activation.py) and nn.MSELoss / CrossEntropyLoss /
// NLLLoss (torch/nn/modules/loss.py), the modules every first tutorial uses.
namespace {
const Tensor& input_arg(Interpreter& in, ArgParser& p, size_t i = 0, const char* name = "input") {
  return tensor_arg(in, p.required(name, i), "forward", name, int(i) + 1);
}
}  // namespace

void install_basic_activation_and_loss_modules(Interpreter& in, ModuleObj& nn) {
  struct Act { const char* name; UnaryOp op; };
  for (Act act : {Act{"ReLU", UnaryOp::Relu}, Act{"Sigmoid", UnaryOp::Sigmoid}, Act{"Tanh", UnaryOp::Tanh}}) {
    UnaryOp op = act.op;
    bool relu = op == UnaryOp::Relu;
    library_module(in, nn, act.name,
        [relu](Interpreter& in, const ObjPtr& self, ArgParser& p) {
          if (relu) cast<InstanceObj>(self).set("inplace", in.make_bool(bool_arg(in, p.get("inplace", 0), false)));
        },
        [op, relu](Interpreter& in, const ObjPtr& self, ArgParser& p) {
          const Tensor& x = input_arg(in, p);
          if (relu && in.truthy(in.getattr(self, "inplace"))) return in.wrap_tensor(tp::unary_(x, op));
          return in.wrap_tensor(tp::unary(x, op));
        },
        [relu](Interpreter& in, const ObjPtr& self) -> std::string {
          return relu && in.truthy(in.getattr(self, "inplace")) ? "inplace=True" : "";
        });
  }
  library_module(in, nn, "MSELoss",
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        p.kw("size_average");
        p.kw("reduce");
        ObjPtr r = p.get("reduction", 0);
        cast<InstanceObj>(self).set("reduction", is_none(r) ? in.make_str("mean") : r);
      },
      [](Interpreter& in, const ObjPtr& self, ArgParser& p) {
        const Tensor& x = input_arg(in, p);
        const Tensor& y = input_arg(in, p, 1, "target");
        return in.wrap_tensor(tp::mse_loss(x, y, to_str(in, in.getattr(self, "reduction"))));
      });
  // CrossEntropyLoss / NLLLoss (torch/nn/modules/loss.py): weight, ignore_index, reduction[, label_smoothing].
  for (const char* n : {"CrossEntropyLoss", "NLLLoss"}) {
    bool ce = std::string(n) == "CrossEntropyLoss";
    library_module(in, nn, n,
        [ce](Interpreter& in, const ObjPtr& self, ArgParser& p) {
          auto& inst = cast<InstanceObj>(self);
          ObjPtr w = p.get("weight", 0);
          p.get("size_average", 1);
          ObjPtr ii = p.get("ignore_index", 2);
          p.get("reduce", 3);
          ObjPtr r = p.get("reduction", 4);
          inst.set("weight", is_none(w) ? in.none() : w);
          inst.set("ignore_index", is_none(ii) ? in.make_int(-100) : ii);
          inst.set("reduction", is_none(r) ? in.make_str("mean") : r);
          if (ce) {
            ObjPtr ls = p.get("label_smoothing", 5);
            inst.set("label_smoothing", is_none(ls) ? in.make_float(0.0) : ls);
          }
        },
        [ce](Interpreter& in, const ObjPtr& self, ArgParser& p) {
          const Tensor& x = input_arg(in, p);
          const Tensor& y = input_arg(in, p, 1, "target");
          if (ce && to_double(in, in.getattr(self, "label_smoothing")) != 0.0)
            throw TorchError("NotImplementedError", "cross_entropy(label_smoothing=...) is not supported by the playground");
          ObjPtr w = in.getattr(self, "weight");
          Tensor weight = is_none(w) ? Tensor() : tensor_of(w);
          int64_t ii = to_int(in, in.getattr(self, "ignore_index"));
          std::string r = to_str(in, in.getattr(self, "reduction"));
          return in.wrap_tensor(ce ? tp::cross_entropy(x, y, weight, r, ii) : tp::nll_loss(x, y, weight, r, ii));
        });
  }
}

}  // namespace tp::interp::lib
