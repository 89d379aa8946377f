// Pointwise math functions beyond arithmetic, as Tensor methods and torch.* functions: log2/log10/sinh/cosh/trunc (fix)/
// frac/sgn/erf, tan and the inverse trig/hyperbolic functions (with arc* aliases), erfc/erfinv, exp2,
// lgamma/digamma, deg2rad/rad2deg, atan2 (arctan2)/hypot/fmax/fmin, logical_and/or/xor, nan_to_num and addcmul/addcdiv
// (value=), with their in-place `_` forms where PyTorch has them.
#include "autograd/math/binary_math.h"
#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"

namespace tp::interp::lib {

namespace {

std::optional<double> opt_double(Interpreter& in, const ObjPtr& o) {
  if (is_none(o)) return std::nullopt;
  return double_arg(in, o, 0.0);
}

}  // namespace

void install_pointwise_functions(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  struct U { const char* name; UnaryOp op; };
  for (U u : {U{"log2", UnaryOp::Log2}, U{"log10", UnaryOp::Log10}, U{"sinh", UnaryOp::Sinh}, U{"cosh", UnaryOp::Cosh},
              U{"trunc", UnaryOp::Trunc}, U{"fix", UnaryOp::Trunc}, U{"frac", UnaryOp::Frac}, U{"sgn", UnaryOp::Sgn},
              U{"erf", UnaryOp::Erf}, U{"tan", UnaryOp::Tan}, U{"asin", UnaryOp::Asin}, U{"arcsin", UnaryOp::Asin},
              U{"acos", UnaryOp::Acos}, U{"arccos", UnaryOp::Acos}, U{"atan", UnaryOp::Atan}, U{"arctan", UnaryOp::Atan},
              U{"asinh", UnaryOp::Asinh}, U{"arcsinh", UnaryOp::Asinh}, U{"acosh", UnaryOp::Acosh},
              U{"arccosh", UnaryOp::Acosh}, U{"atanh", UnaryOp::Atanh}, U{"arctanh", UnaryOp::Atanh},
              U{"erfc", UnaryOp::Erfc}, U{"erfinv", UnaryOp::Erfinv}, U{"exp2", UnaryOp::Exp2},
              U{"lgamma", UnaryOp::Lgamma}, U{"digamma", UnaryOp::Digamma}, U{"deg2rad", UnaryOp::Deg2rad},
              U{"rad2deg", UnaryOp::Rad2deg}}) {
    UnaryOp op = u.op;
    std::string name = u.name;
    method(tc, name, [op](Interpreter& in, Tensor& self, ArgParser& p) { return in.wrap_tensor(tp::unary(self, op)); },
           &torch);
    method(tc, name + "_", [op](Interpreter& in, Tensor& self, ArgParser& p) {
      return in.wrap_tensor(tp::unary_(self, op));
    });
  }

  // Tensor-Tensor binaries: a Python number for `other` is a TypeError, as the schemas take Tensor.
  using Bin = Tensor (*)(const Tensor&, const Tensor&);
  struct B { const char* name; const char* kernel; Bin f; Bin f_; };
  for (B b : {B{"atan2", "atan2", tp::atan2, tp::atan2_}, B{"arctan2", "arctan2", tp::atan2, tp::atan2_},
              B{"hypot", "hypot", tp::hypot, tp::hypot_}, B{"fmax", "fmax", tp::fmax, nullptr},
              B{"fmin", "fmin", tp::fmin, nullptr}}) {
    std::string name = b.name;
    Bin f = b.f, f_ = b.f_;
    method(tc, name, [name, f](Interpreter& in, Tensor& self, ArgParser& p) {
      return in.wrap_tensor(f(self, tensor_arg(in, p.required("other", 0), name, "other", 2)));
    }, &torch);
    if (f_)
      method(tc, name + "_", [name, f_](Interpreter& in, Tensor& self, ArgParser& p) {
        return in.wrap_tensor(f_(self, tensor_arg(in, p.required("other", 0), name + "_", "other", 2)));
      });
  }
  struct L { const char* name; LogicalOp op; };
  for (L l : {L{"logical_and", LogicalOp::And}, L{"logical_or", LogicalOp::Or}, L{"logical_xor", LogicalOp::Xor}}) {
    std::string name = l.name;
    LogicalOp op = l.op;
    method(tc, name, [name, op](Interpreter& in, Tensor& self, ArgParser& p) {
      return in.wrap_tensor(tp::logical(self, tensor_arg(in, p.required("other", 0), name, "other", 2), op));
    }, &torch);
    method(tc, name + "_", [name, op](Interpreter& in, Tensor& self, ArgParser& p) {
      return in.wrap_tensor(tp::logical_(self, tensor_arg(in, p.required("other", 0), name + "_", "other", 2), op));
    });
  }

  for (const char* n : {"nan_to_num", "nan_to_num_"}) {
    bool inplace = std::string(n).back() == '_';
    method(tc, n, [inplace](Interpreter& in, Tensor& self, ArgParser& p) {
      auto nan = opt_double(in, p.get("nan", 0)), posinf = opt_double(in, p.get("posinf", 1));
      auto neginf = opt_double(in, p.get("neginf", 2));
      return in.wrap_tensor(inplace ? tp::nan_to_num_(self, nan, posinf, neginf) : tp::nan_to_num(self, nan, posinf, neginf));
    }, inplace ? nullptr : &torch);
  }

  for (const char* n : {"addcmul", "addcdiv", "addcmul_", "addcdiv_"}) {
    std::string name = n;
    bool is_mul = name.compare(0, 7, "addcmul") == 0, inplace = name.back() == '_';
    method(tc, name, [name, is_mul, inplace](Interpreter& in, Tensor& self, ArgParser& p) {
      const Tensor& t1 = tensor_arg(in, p.required("tensor1", 0), name, "tensor1", 2);
      const Tensor& t2 = tensor_arg(in, p.required("tensor2", 1), name, "tensor2", 3);
      ObjPtr v = p.kw("value");
      Scalar value = is_none(v) ? Scalar::from_int(1) : to_scalar(v);
      if (inplace) return in.wrap_tensor(is_mul ? tp::addcmul_(self, t1, t2, value) : tp::addcdiv_(self, t1, t2, value));
      return in.wrap_tensor(is_mul ? tp::addcmul(self, t1, t2, value) : tp::addcdiv(self, t1, t2, value));
    }, inplace ? nullptr : &torch);
  }

  // torch.cross(input, other, dim=None): without dim, the first dimension of size 3 (warned once
  // per session, as TORCH_WARN_ONCE does per process); then linalg_cross.
  method(tc, "cross", [](Interpreter& in, Tensor& self, ArgParser& p) {
    const Tensor& other = tensor_arg(in, p.required("other", 0), "cross", "other", 2);
    auto dim = opt_int(in, p.get("dim", 1), "argument 'dim'");
    if (!dim) {
      in.warn_once(triggered_internally("Using torch.cross without specifying the dim arg is deprecated.\nPlease either pass the dim explicitly "
                "or simply use torch.linalg.cross.\nThe default value of dim will change to agree with that of "
                "linalg.cross in a future release.", "aten/src/ATen/native/Cross.cpp"));
      for (int64_t i = 0; i < self.dim() && !dim; ++i)
        if (self.sizes()[size_t(i)] == 3) dim = i;
      TP_CHECK(dim.has_value(), "no dimension of size 3 in input");
    }
    return in.wrap_tensor(tp::linalg_cross(self, other, *dim));
  }, &torch);
}

void install_linalg_cross(Interpreter& in, ModuleObj& linalg) {
  def(linalg, "torch.linalg.", "cross", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.linalg.cross", a);
    const Tensor& x = tensor_arg(in, p.required("input", 0), "linalg_cross", "input", 1);
    const Tensor& y = tensor_arg(in, p.required("other", 1), "linalg_cross", "other", 2);
    ObjPtr d = p.kw("dim");
    p.finish();
    return in.wrap_tensor(tp::linalg_cross(x, y, is_none(d) ? -1 : to_int(in, d, "argument 'dim'")));
  });
}

}  // namespace tp::interp::lib
