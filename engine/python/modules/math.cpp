// Python's `math` module: constants and the functions tutorials call, with CPython's domain and
// range errors; a 0-dim tensor or ndarray argument is read as its number, as __float__ does.
#include <cmath>

#include "core/error.h"
#include "bindings/install.h"
#include "python/library.h"

namespace tp::interp::lib {

namespace {

double num(Interpreter& in, const ObjPtr& o) {
  ObjPtr v;
  if ((is_tensor(o) || is_ndarray(o)) && to_number(in, o, v)) return to_double(in, v);
  return to_double(in, o);
}

[[noreturn]] void domain_error() { throw TorchError("ValueError", "math domain error"); }

using Fn1 = double (*)(double);

}  // namespace

void install_math_module(Interpreter& in) {
  auto math = std::make_shared<ModuleObj>("math");
  math->set("pi", in.make_float(M_PI));
  math->set("e", in.make_float(M_E));
  math->set("tau", in.make_float(2 * M_PI));
  math->set("inf", in.make_float(INFINITY));
  math->set("nan", in.make_float(NAN));
  struct F1 { const char* name; Fn1 f; bool positive_only; };
  for (F1 f : {F1{"exp", [](double x) { return std::exp(x); }, false}, F1{"sin", [](double x) { return std::sin(x); }, false},
               F1{"cos", [](double x) { return std::cos(x); }, false}, F1{"tan", [](double x) { return std::tan(x); }, false},
               F1{"tanh", [](double x) { return std::tanh(x); }, false}, F1{"fabs", [](double x) { return std::fabs(x); }, false},
               F1{"atan", [](double x) { return std::atan(x); }, false}, F1{"log2", [](double x) { return std::log2(x); }, true},
               F1{"log10", [](double x) { return std::log10(x); }, true}}) {
    Fn1 fn = f.f;
    bool pos = f.positive_only;
    std::string name = f.name;
    def(*math, "math.", name, [fn, pos, name](Interpreter& in, CallArgs& a) -> ObjPtr {
      ArgParser p(in, name, a);
      double x = num(in, p.required("x", 0));
      p.finish();
      if (pos && x <= 0) domain_error();
      double r = fn(x);
      if (name == "exp" && std::isinf(r) && std::isfinite(x)) throw TorchError("OverflowError", "math range error");
      return in.make_float(r);
    });
  }
  def(*math, "math.", "sqrt", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "sqrt", a);
    double x = num(in, p.required("x", 0));
    p.finish();
    if (x < 0) domain_error();
    return in.make_float(std::sqrt(x));
  });
  def(*math, "math.", "log", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "log", a);
    double x = num(in, p.required("x", 0));
    ObjPtr base = p.get("base", 1);
    p.finish();
    if (x <= 0) domain_error();
    if (is_none(base)) return in.make_float(std::log(x));
    double b = num(in, base);
    if (b <= 0) domain_error();
    return in.make_float(std::log(x) / std::log(b));
  });
  def(*math, "math.", "pow", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "pow", a);
    double x = num(in, p.required("x", 0)), y = num(in, p.required("y", 1));
    p.finish();
    return in.make_float(std::pow(x, y));
  });
  for (const char* n : {"floor", "ceil", "trunc"}) {
    std::string name = n;
    def(*math, "math.", name, [name](Interpreter& in, CallArgs& a) -> ObjPtr {
      ArgParser p(in, name, a);
      ObjPtr o = p.required("x", 0);
      p.finish();
      if (o->kind == Kind::Int || o->kind == Kind::Bool) return in.make_int(to_int(in, o));
      double x = num(in, o);
      if (std::isinf(x)) throw TorchError("OverflowError", "cannot convert float infinity to integer");
      if (std::isnan(x)) throw TorchError("ValueError", "cannot convert float NaN to integer");
      double r = name == "floor" ? std::floor(x) : name == "ceil" ? std::ceil(x) : std::trunc(x);
      return in.make_int(int64_t(r));
    });
  }
  for (const char* n : {"isnan", "isinf", "isfinite"}) {
    std::string name = n;
    def(*math, "math.", name, [name](Interpreter& in, CallArgs& a) -> ObjPtr {
      ArgParser p(in, name, a);
      double x = num(in, p.required("x", 0));
      p.finish();
      return in.make_bool(name == "isnan" ? std::isnan(x) : name == "isinf" ? std::isinf(x) : std::isfinite(x));
    });
  }
  def(*math, "math.", "isclose", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "isclose", a);
    double x = num(in, p.required("a", 0)), y = num(in, p.required("b", 1));
    double rel = double_arg(in, p.kw("rel_tol"), 1e-9), abs_ = double_arg(in, p.kw("abs_tol"), 0.0);
    p.finish();
    if (x == y) return in.make_bool(true);
    if (std::isinf(x) || std::isinf(y)) return in.make_bool(false);
    double d = std::fabs(y - x);
    return in.make_bool(d <= std::fabs(rel * y) || d <= std::fabs(rel * x) || d <= abs_);
  });
  in.register_module("math", math);
}

}  // namespace tp::interp::lib
