// Float classifiers, clamp bounds, round and lerp as Tensor methods and torch.* functions: the float classifiers (isnan, isinf,
// isposinf, isneginf, isfinite), isclose, clamp_min / clamp_max (number or tensor bound), round with
// decimals= and lerp (number or tensor weight), with their in-place `_` forms.
#include "autograd/math/clamp_round_lerp.h"
#include "core/error.h"
#include "bindings/install.h"
#include "ops/math/float_class.h"

namespace tp::interp::lib {

namespace {

using Classifier = Tensor (*)(const Tensor&);

// round(*, decimals): a given decimals (even 0) selects round.decimals (RoundBackward1).
std::optional<int64_t> decimals_arg(Interpreter& in, ArgParser& p) {
  ObjPtr d = p.kw("decimals");
  if (!d) return std::nullopt;
  return to_int(in, d, "argument 'decimals'");
}

}  // namespace

void install_clamp_round_lerp(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  struct Entry { const char* name; Classifier f; };
  for (const Entry& e : {Entry{"isnan", native::isnan}, Entry{"isinf", native::isinf},
                         Entry{"isposinf", native::isposinf}, Entry{"isneginf", native::isneginf},
                         Entry{"isfinite", native::isfinite}}) {
    Classifier f = e.f;
    method(tc, e.name, [f](Interpreter& in, Tensor& self, ArgParser& p) { return in.wrap_tensor(f(self)); }, &torch);
  }
  method(tc, "isclose", [](Interpreter& in, Tensor& self, ArgParser& p) {
    const Tensor& other = tensor_arg(in, p.required("other", 0), "isclose", "other", 2);
    double rtol = double_arg(in, p.get("rtol", 1), 1e-5), atol = double_arg(in, p.get("atol", 2), 1e-8);
    bool equal_nan = bool_arg(in, p.get("equal_nan", 3), false);
    return in.wrap_tensor(native::isclose(self, other, rtol, atol, equal_nan));
  }, &torch);

  // clamp_min(min) / clamp_max(max): a Python number is the Scalar overload (ClampMinBackward0),
  // a tensor the Tensor overload (ClampMinBackward1).
  for (const char* n : {"clamp_min", "clamp_max", "clamp_min_", "clamp_max_"}) {
    std::string name = n;
    bool is_min = name.compare(0, 9, "clamp_min") == 0, inplace = name.back() == '_';
    const char* arg = is_min ? "min" : "max";
    method(tc, name, [is_min, inplace, arg](Interpreter& in, Tensor& self, ArgParser& p) {
      ObjPtr b = p.required(arg, 0);
      if (is_tensor(b)) {
        const Tensor& t = tensor_of(b);
        if (inplace) return in.wrap_tensor(is_min ? tp::clamp_min_(self, t) : tp::clamp_max_(self, t));
        return in.wrap_tensor(is_min ? tp::clamp_min(self, t) : tp::clamp_max(self, t));
      }
      Scalar s = to_scalar(b);
      if (inplace) return in.wrap_tensor(is_min ? tp::clamp_min_(self, s) : tp::clamp_max_(self, s));
      return in.wrap_tensor(is_min ? tp::clamp_min(self, s) : tp::clamp_max(self, s));
    }, inplace ? nullptr : &torch);
  }

  method(tc, "round", [](Interpreter& in, Tensor& self, ArgParser& p) {
    auto decimals = decimals_arg(in, p);
    return in.wrap_tensor(decimals ? tp::round_decimals(self, *decimals) : tp::unary(self, UnaryOp::Round));
  }, &torch);
  method(tc, "round_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    auto decimals = decimals_arg(in, p);
    return in.wrap_tensor(decimals ? tp::round_decimals_(self, *decimals) : tp::unary_(self, UnaryOp::Round));
  });

  for (const char* n : {"lerp", "lerp_"}) {
    std::string name = n;
    bool inplace = name.back() == '_';
    method(tc, name, [inplace](Interpreter& in, Tensor& self, ArgParser& p) {
      const Tensor& end = tensor_arg(in, p.required("end", 0), "lerp", "end", 2);
      ObjPtr w = p.required("weight", 1);
      if (is_tensor(w)) {
        const Tensor& weight = tensor_of(w);
        return in.wrap_tensor(inplace ? tp::lerp_(self, end, weight) : tp::lerp(self, end, weight));
      }
      Scalar weight = to_scalar(w);
      return in.wrap_tensor(inplace ? tp::lerp_(self, end, weight) : tp::lerp(self, end, weight));
    }, inplace ? nullptr : &torch);
  }
}

}  // namespace tp::interp::lib
