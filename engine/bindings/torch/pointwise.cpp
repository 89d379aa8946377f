// Pointwise math as Tensor methods and torch.* functions (add/sub/mul/div/pow, unary functions,
// clamp, comparisons, where) and their in-place `_` forms, plus fill_/zero_/uniform_/normal_.
// Python numbers become wrapped 0-dim tensors, so promotion and grad_fn names follow PyTorch.
#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "python/library.h"
#include "ops/math/nonzero_unique.h"

namespace tp::interp::lib {

namespace {

ObjPtr other_arg(ArgParser& p) { return p.required("other", 0); }

Scalar alpha_arg(Interpreter& in, ArgParser& p) {
  ObjPtr a = p.kw("alpha");
  if (!a && p.count() > 1) a = p.positional(1);
  return is_none(a) ? Scalar::from_int(1) : to_scalar(a);
}

using BinaryFn = Tensor (*)(const Tensor&, const Tensor&);
using BinaryInplaceFn = Tensor (*)(const Tensor&, const Tensor&);

std::optional<Scalar> opt_scalar(const ObjPtr& o) {
  if (is_none(o)) return std::nullopt;
  return to_scalar(o);
}

struct UnaryEntry { const char* name; UnaryOp op; };
const UnaryEntry kUnary[] = {
    {"neg", UnaryOp::Neg},         {"negative", UnaryOp::Neg},     {"abs", UnaryOp::Abs},
    {"absolute", UnaryOp::Abs},    {"exp", UnaryOp::Exp},          {"log", UnaryOp::Log},
    {"sqrt", UnaryOp::Sqrt},       {"sin", UnaryOp::Sin},          {"cos", UnaryOp::Cos},
    {"tanh", UnaryOp::Tanh},       {"sigmoid", UnaryOp::Sigmoid},  {"relu", UnaryOp::Relu},
    {"reciprocal", UnaryOp::Reciprocal}, {"sign", UnaryOp::Sign}, {"floor", UnaryOp::Floor},
    {"ceil", UnaryOp::Ceil},       {"rsqrt", UnaryOp::Rsqrt},  // round: bindings/torch/clamp_round_lerp.cpp (decimals=)
    {"log1p", UnaryOp::Log1p},     {"expm1", UnaryOp::Expm1},
};

CompareOp compare_op(const std::string& n) {
  if (n == "eq") return CompareOp::Eq;
  if (n == "ne" || n == "not_equal") return CompareOp::Ne;
  if (n == "lt" || n == "less") return CompareOp::Lt;
  if (n == "le" || n == "less_equal") return CompareOp::Le;
  if (n == "gt" || n == "greater") return CompareOp::Gt;
  return CompareOp::Ge;
}

}  // namespace

void install_math_methods(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  // ---------------------------------------------------------------- binary arithmetic
  for (const char* n : {"add", "sub", "subtract"}) {
    std::string name = n;
    bool is_add = name == "add";
    method(tc, name, [name, is_add](Interpreter& in, Tensor& self, ArgParser& p) {
      Tensor o = operand(in, other_arg(p), name);
      Scalar alpha = alpha_arg(in, p);
      return in.wrap_tensor(is_add ? tp::add(self, o, alpha) : tp::sub(self, o, alpha));
    }, &torch);
    method(tc, name + "_", [name, is_add](Interpreter& in, Tensor& self, ArgParser& p) {
      Tensor o = operand(in, other_arg(p), name + "_");
      Scalar alpha = alpha_arg(in, p);
      return in.wrap_tensor(is_add ? tp::add_(self, o, alpha) : tp::sub_(self, o, alpha));
    });
  }
  struct Bin { const char* name; BinaryFn f; BinaryInplaceFn f_; };
  const Bin bins[] = {
      {"mul", tp::mul, tp::mul_}, {"multiply", tp::mul, tp::mul_},
      {"true_divide", tp::div, tp::div_},
      {"floor_divide", tp::floor_divide, tp::floor_divide_}, {"remainder", tp::remainder, tp::remainder_},
      {"fmod", tp::fmod, tp::fmod_},
      {"pow", tp::pow, tp::pow_},
  };
  for (const Bin& b : bins) {
    std::string name = b.name;
    BinaryFn f = b.f;
    BinaryInplaceFn f_ = b.f_;
    const char* arg = name == "pow" ? "exponent" : "other";
    method(tc, name, [name, f, arg](Interpreter& in, Tensor& self, ArgParser& p) {
      return in.wrap_tensor(f(self, operand(in, p.required(arg, 0), name, arg)));
    }, &torch);
    method(tc, name + "_", [name, f_, arg](Interpreter& in, Tensor& self, ArgParser& p) {
      return in.wrap_tensor(f_(self, operand(in, p.required(arg, 0), name + "_", arg)));
    });
  }
  // div(other, rounding_mode=None): "floor" is floor_divide; "trunc" has no kernel here.
  for (const char* n : {"div", "divide"}) {
    std::string name = n;
    method(tc, name, [name](Interpreter& in, Tensor& self, ArgParser& p) {
      Tensor o = operand(in, other_arg(p), name);
      ObjPtr mode = p.kw("rounding_mode");
      if (is_none(mode)) return in.wrap_tensor(tp::div(self, o));
      std::string m = to_str(in, mode);
      if (m == "floor") return in.wrap_tensor(tp::floor_divide(self, o));
      if (m == "trunc") throw TorchError("RuntimeError", "div(rounding_mode='trunc') is not supported by the playground");
      throw TorchError("RuntimeError", "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '" + m + "'");
    }, &torch);
    method(tc, name + "_", [name](Interpreter& in, Tensor& self, ArgParser& p) {
      Tensor o = operand(in, other_arg(p), name + "_");
      ObjPtr mode = p.kw("rounding_mode");
      if (!is_none(mode) && to_str(in, mode) == "floor") return in.wrap_tensor(tp::floor_divide_(self, o));
      return in.wrap_tensor(tp::div_(self, o));
    });
  }
  method(tc, "rsub", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::rsub(self, operand(in, other_arg(p), "rsub"), alpha_arg(in, p)));
  }, &torch);
  method(tc, "square", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::pow(self, native::wrap_scalar(Scalar::from_int(2))));
  }, &torch);
  method(tc, "maximum", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::maximum(self, tensor_arg(in, other_arg(p), "maximum", "other", 2)));
  }, &torch);
  method(tc, "minimum", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::minimum(self, tensor_arg(in, other_arg(p), "minimum", "other", 2)));
  }, &torch);

  // ---------------------------------------------------------------- unary
  for (const UnaryEntry& u : kUnary) {
    UnaryOp op = u.op;
    std::string name = u.name;
    method(tc, name, [op](Interpreter& in, Tensor& self, ArgParser& p) { return in.wrap_tensor(tp::unary(self, op)); },
           &torch);
    method(tc, name + "_", [op](Interpreter& in, Tensor& self, ArgParser& p) {
      return in.wrap_tensor(tp::unary_(self, op));
    });
  }
  for (const char* n : {"clamp", "clip"}) {
    std::string name = n;
    method(tc, name, [](Interpreter& in, Tensor& self, ArgParser& p) {
      auto mn = opt_scalar(p.get("min", 0)), mx = opt_scalar(p.get("max", 1));
      if (!mn && !mx) throw TorchError("RuntimeError", "torch.clamp: At least one of 'min' or 'max' must not be None");
      return in.wrap_tensor(tp::clamp(self, mn, mx));
    }, &torch);
    method(tc, name + "_", [](Interpreter& in, Tensor& self, ArgParser& p) {
      auto mn = opt_scalar(p.get("min", 0)), mx = opt_scalar(p.get("max", 1));
      if (!mn && !mx) throw TorchError("RuntimeError", "torch.clamp: At least one of 'min' or 'max' must not be None");
      return in.wrap_tensor(tp::clamp_(self, mn, mx));
    });
  }

  // ---------------------------------------------------------------- comparisons
  for (const char* n : {"eq", "ne", "lt", "le", "gt", "ge", "greater", "less", "greater_equal", "less_equal",
                        "not_equal"}) {
    std::string name = n;
    CompareOp op = compare_op(name);
    method(tc, name, [name, op](Interpreter& in, Tensor& self, ArgParser& p) {
      return in.wrap_tensor(tp::compare(self, operand(in, other_arg(p), name), op));
    }, &torch);
  }
  method(tc, "logical_not", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::logical_not(self));
  }, &torch);
  method(tc, "where", [](Interpreter& in, Tensor& self, ArgParser& p) {  // x.where(cond, y)
    const Tensor& cond = tensor_arg(in, p.required("condition", 0), "where", "condition", 1);
    return in.wrap_tensor(tp::where(cond, self, operand(in, p.required("other", 1), "where", "other", 2)));
  });
  def(torch, "torch.", "where", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.where", a);
    const Tensor& cond = tensor_arg(in, p.required("condition", 0), "where", "condition", 1);
    ObjPtr x = p.get("input", 1), y = p.get("other", 2);
    p.finish();
    if (!x && !y) return wrap_tuple(in, native::nonzero_tuple(cond));  // torch.nonzero(cond, as_tuple=True)
    if (!x || !y) throw TorchError("TypeError", "where() missing 1 required positional argument");
    return in.wrap_tensor(tp::where(cond, operand(in, x, "where", "input", 2), operand(in, y, "where", "other", 3)));
  });

  // masked_fill(mask, value): a Python number is masked_fill.Scalar (MaskedFillBackward0), a tensor
  // masked_fill.Tensor (MaskedFillBackward1); masked_fill_ goes through the in-place machinery.
  for (const char* n : {"masked_fill", "masked_fill_"}) {
    bool inplace = n[std::string(n).size() - 1] == '_';
    method(tc, n, [inplace](Interpreter& in, Tensor& self, ArgParser& p) {
      const Tensor& mask = tensor_arg(in, p.required("mask", 0), "masked_fill", "mask", 1);
      ObjPtr v = p.required("value", 1);
      if (is_tensor(v)) {
        const Tensor& value = tensor_of(v);
        return in.wrap_tensor(inplace ? tp::masked_fill_(self, mask, value) : tp::masked_fill(self, mask, value));
      }
      Scalar value = to_scalar(v);
      return in.wrap_tensor(inplace ? tp::masked_fill_(self, mask, value) : tp::masked_fill(self, mask, value));
    });
  }

  // ---------------------------------------------------------------- fills and random in place
  method(tc, "zero_", [](Interpreter& in, Tensor& self, ArgParser& p) { return in.wrap_tensor(tp::zero_(self)); });
  method(tc, "fill_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    Scalar v = to_scalar(p.required("value", 0));
    native::check_scalar_fits(v, self.dtype(), /*storing=*/false);
    return in.wrap_tensor(tp::fill_(self, v));
  });
  method(tc, "uniform_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    p.kw("generator");
    return in.wrap_tensor(tp::uniform_(self, double_arg(in, p.get("from", 0), 0.0), double_arg(in, p.get("to", 1), 1.0)));
  });
  // Only the unbounded form (what DataLoader/RandomSampler call); its autograd node name and the
  // from/to forms' dtype-bound checks are not reproduced yet, so those refuse instead of guessing.
  method(tc, "random_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    ObjPtr g = p.kw("generator");
    if (!is_none(g) && g != state(in).generator)
      throw TorchError("NotImplementedError", "random_(generator=...) with a generator other than torch.default_generator is not supported by the playground");
    if (p.count() > 0 || p.kw("from") || p.kw("to"))
      throw TorchError("NotImplementedError", "random_(from, to) is not supported by the playground yet; only random_() is");
    if (self.requires_grad())
      throw TorchError("NotImplementedError", "random_() on a tensor that requires grad is not supported by the playground");
    native::random_(self);
    return in.wrap_tensor(self);
  });
  method(tc, "normal_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    p.kw("generator");
    return in.wrap_tensor(tp::normal_(self, double_arg(in, p.get("mean", 0), 0.0), double_arg(in, p.get("std", 1), 1.0)));
  });
}

}  // namespace tp::interp::lib
