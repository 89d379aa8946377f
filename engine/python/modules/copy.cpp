// The Python standard modules programs use next to torch: `copy` (deepcopy memoised by identity,
// tensors through tp::deepcopy, nn.Module instances attribute by attribute) and `math`.
#include <cmath>
#include <unordered_map>

#include "core/error.h"
#include "interp/lib_install.h"
#include "interp/library.h"
#include "interp/set_ops.h"

namespace tp::interp::lib {

namespace {

using Memo = std::unordered_map<const Object*, ObjPtr>;

ObjPtr deepcopy(Interpreter& in, const ObjPtr& o, Memo& memo) {
  auto hit = memo.find(o.get());
  if (hit != memo.end()) return hit->second;
  ObjPtr out;
  switch (o->kind) {
    case Kind::Tensor: {
      const Tensor& t = tensor_of(o);
      Tensor c = tp::deepcopy(t);
      c.impl()->is_parameter = t.impl()->is_parameter;
      out = in.wrap_tensor(c);
      break;
    }
    case Kind::NdArray: out = in.wrap_ndarray(tp::clone(array_of(o))); break;
    case Kind::List: {
      auto l = std::make_shared<ListObj>();
      memo[o.get()] = l;  // before the items: self-referencing lists
      for (auto& it : cast<ListObj>(o).items) l->items.push_back(deepcopy(in, it, memo));
      return l;
    }
    case Kind::Tuple: {
      std::vector<ObjPtr> items;
      for (auto& it : cast<TupleObj>(o).items) items.push_back(deepcopy(in, it, memo));
      out = in.make_tuple(std::move(items));
      break;
    }
    case Kind::Dict: {
      auto d = std::make_shared<DictObj>();
      memo[o.get()] = d;
      for (auto& [k, v] : cast<DictObj>(o).items) d->items.push_back({deepcopy(in, k, memo), deepcopy(in, v, memo)});
      return d;
    }
    case Kind::Set: {  // set.__reduce__: set(list(self)), the elements re-added in iteration order
      std::vector<ObjPtr> items;
      for (auto& it : cast<SetObj>(o).table.keys()) items.push_back(deepcopy(in, it, memo));
      out = make_new_set(in, cast<SetObj>(o).frozen, in.make_list(std::move(items)));
      break;
    }
    case Kind::Instance: {
      auto& src = cast<InstanceObj>(o);
      if (obj_cast<StructSeqObj>(o.get()) || src.type_name == "Generator") return o;
      auto inst = std::make_shared<InstanceObj>(src.type_name);
      inst->cls = src.cls;
      inst->repr_hook = src.repr_hook;
      inst->call_hook = src.call_hook;
      memo[o.get()] = inst;
      for (auto& k : src.attr_order) inst->set(k, deepcopy(in, src.attrs.at(k), memo));
      return inst;
    }
    default: out = o; break;  // immutable or shared (numbers, str, None, functions, dtypes, modules)
  }
  memo[o.get()] = out;
  return out;
}

ObjPtr shallow_copy(Interpreter& in, const ObjPtr& o) {
  switch (o->kind) {
    case Kind::List: return in.make_list(cast<ListObj>(o).items);
    case Kind::Dict: return in.make_dict(cast<DictObj>(o).items);
    case Kind::Set:  // set.copy(); a frozenset is immutable, so copy.copy returns it
      return cast<SetObj>(o).frozen ? o : ObjPtr(set_copy(in, std::static_pointer_cast<SetObj>(o)));
    case Kind::Tensor: {
      // Tensor.__reduce_ex__ rebuilds over the same storage, keeping requires_grad.
      const Tensor& t = tensor_of(o);
      Tensor c = share_storage(t);
      if (t.requires_grad() && t.is_leaf()) tp::requires_grad_(c, true);
      return in.wrap_tensor(c);
    }
    case Kind::Instance: {
      auto& src = cast<InstanceObj>(o);
      auto inst = std::make_shared<InstanceObj>(src.type_name);
      inst->cls = src.cls;
      inst->repr_hook = src.repr_hook;
      inst->call_hook = src.call_hook;
      for (auto& k : src.attr_order) inst->set(k, src.attrs.at(k));
      return inst;
    }
    default: return o;
  }
}

double num(Interpreter& in, const ObjPtr& o) {
  ObjPtr v;
  if ((is_tensor(o) || is_ndarray(o)) && to_number(in, o, v)) return to_double(in, v);
  return to_double(in, o);
}

[[noreturn]] void domain_error() { throw TorchError("ValueError", "math domain error"); }

using Fn1 = double (*)(double);

}  // namespace

void install_py_modules(Interpreter& in) {
  auto copy = std::make_shared<ModuleObj>("copy");
  def(*copy, "copy.", "deepcopy", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "deepcopy", a);
    ObjPtr x = p.required("x", 0);
    p.get("memo", 1);
    p.finish();
    Memo memo;
    return deepcopy(in, x, memo);
  });
  def(*copy, "copy.", "copy", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "copy", a);
    ObjPtr x = p.required("x", 0);
    p.finish();
    return shallow_copy(in, x);
  });
  in.register_module("copy", copy);

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
