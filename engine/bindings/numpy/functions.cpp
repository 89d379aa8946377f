// numpy module functions over arrays: reductions (np.sum/mean/max/min), elementwise math
// (np.exp/log/sqrt/abs/...; integers compute in float64 like numpy), dot/matmul, reshape/transpose,
// linspace and the *_like constructors. Arguments that are lists or numbers become arrays first.
#include <cmath>

#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "bindings/numpy/ndarray.h"

namespace tp::interp::lib {

namespace {

Tensor as_array(Interpreter& in, const ObjPtr& o) {
  if (is_ndarray(o)) return array_of(o);
  return np_array_from(in, o, std::nullopt);
}

// The arguments after the first, for helpers that parse `axis=` & co.
CallArgs rest_of(const CallArgs& a) {
  CallArgs r = a;
  if (!r.args.empty()) r.args.erase(r.args.begin());
  return r;
}

DType np_promote2(DType a, DType b) {
  if (a == b) return a;
  if (is_floating(a) != is_floating(b)) return DType::Float64;
  return promote_types(a, b);
}

}  // namespace

void install_numpy_functions(Interpreter& in, ModuleObj& np) {
  const std::string N = "numpy.";
  for (const char* n : {"sum", "mean", "max", "min"}) {
    std::string name = n;
    def(np, N, name, [name](Interpreter& in, CallArgs& a) -> ObjPtr {
      if (a.args.empty()) throw TorchError("TypeError", name + "() missing 1 required positional argument: 'a'");
      Tensor arr = as_array(in, a.args[0]);
      CallArgs rest = rest_of(a);
      ArgParser p(in, name, rest);
      GradModeGuard off(false);
      ObjPtr r = np_reduce(in, arr, p, name);
      p.finish();
      return r;
    });
  }
  struct U { const char* name; UnaryOp op; };
  for (U u : {U{"exp", UnaryOp::Exp}, U{"log", UnaryOp::Log}, U{"sqrt", UnaryOp::Sqrt}, U{"abs", UnaryOp::Abs},
              U{"sin", UnaryOp::Sin}, U{"cos", UnaryOp::Cos}, U{"tanh", UnaryOp::Tanh}, U{"floor", UnaryOp::Floor},
              U{"ceil", UnaryOp::Ceil}}) {
    UnaryOp op = u.op;
    std::string name = u.name;
    def(np, N, name, [op, name](Interpreter& in, CallArgs& a) -> ObjPtr {
      ArgParser p(in, name, a);
      ObjPtr x = p.required("x", 0);
      p.finish();
      Tensor t = as_array(in, x);
      GradModeGuard off(false);
      bool keeps_ints = op == UnaryOp::Abs;
      if (!is_floating(t.dtype()) && !keeps_ints) t = tp::to(t, DType::Float64, Device{}, false);
      return np_result(in, tp::unary(t, op));
    });
  }
  for (const char* n : {"dot", "matmul"}) {
    std::string name = n;
    def(np, N, name, [name](Interpreter& in, CallArgs& a) -> ObjPtr {
      ArgParser p(in, name, a);
      Tensor x = as_array(in, p.required("a", 0)), y = as_array(in, p.required("b", 1));
      p.finish();
      GradModeGuard off(false);
      DType d = np_promote2(x.dtype(), y.dtype());
      return np_result(in, tp::matmul(tp::to(x, d, Device{}, false), tp::to(y, d, Device{}, false)));
    });
  }
  def(np, N, "reshape", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "reshape", a);
    ObjPtr x = np_array_obj(in, p.required("a", 0));
    ObjPtr shape = p.required("newshape", 1);
    p.finish();
    Shape s = shape->kind == Kind::Int ? Shape{to_int(in, shape)} : to_int_list(in, shape, "newshape");
    GradModeGuard off(false);
    return in.call(in.getattr(x, "reshape"), CallArgs{{int_tuple(in, s)}, {}});
  });
  def(np, N, "transpose", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "transpose", a);
    ObjPtr x = np_array_obj(in, p.required("a", 0));
    p.finish();
    return in.getattr(x, "T");
  });
  def(np, N, "linspace", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "linspace", a);
    Scalar start = to_scalar(p.required("start", 0)), stop = to_scalar(p.required("stop", 1));
    ObjPtr num = p.get("num", 2);
    p.finish();
    int64_t n = is_none(num) ? 50 : to_int(in, num);
    return in.wrap_ndarray(tp::linspace(start, stop, n, DType::Float64, Device{}));
  });
  for (const char* n : {"zeros_like", "ones_like"}) {
    bool ones = std::string(n) == "ones_like";
    def(np, N, n, [ones](Interpreter& in, CallArgs& a) -> ObjPtr {
      ArgParser p(in, ones ? "ones_like" : "zeros_like", a);
      Tensor x = as_array(in, p.required("a", 0));
      DType d = np_dtype(in, p.get("dtype", 1)).value_or(x.dtype());
      p.finish();
      return in.wrap_ndarray(ones ? tp::ones(x.sizes(), d, Device{}) : tp::zeros(x.sizes(), d, Device{}));
    });
  }
  // Binary ufuncs: np.add(x1, x2, out=None); with out= the result is cast into it ('same_kind') and
  // `out` itself is returned (the 60-minute blitz's np.add(a, 1, out=a) on a from_numpy array).
  for (const char* sym : {"+", "-", "*", "/", "//", "**", "%"}) {
    std::string op = sym, name = np_ufunc_name(op);
    def(np, N, name, [op, name](Interpreter& in, CallArgs& a) -> ObjPtr {
      ArgParser p(in, name, a);
      ObjPtr x = np_array_obj(in, p.required("x1", 0)), y = p.required("x2", 1);
      ObjPtr out = p.kw("out");
      p.finish();
      if (!is_number(y)) y = np_array_obj(in, y);
      ObjPtr r = ndarray_binary_op(in, op, x, y);
      if (!r) throw TorchError("TypeError", "ufunc '" + name + "' not supported for the input types");
      if (!out || is_none(out)) return r;
      if (out->kind == Kind::Tuple) {
        auto& items = static_cast<TupleObj&>(*out).items;
        if (items.size() != 1) throw TorchError("ValueError", "The 'out' tuple must have exactly one entry per ufunc output");
        out = items[0];
      }
      if (!is_ndarray(out)) throw TorchError("TypeError", "return arrays must be of ArrayType");
      return np_store_ufunc_result(in, op, r, out);
    });
  }
  def(np, N, "array_equal", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "array_equal", a);
    Tensor x = as_array(in, p.required("a1", 0)), y = as_array(in, p.required("a2", 1));
    p.finish();
    if (x.sizes() != y.sizes()) return in.make_bool(false);
    GradModeGuard off(false);
    Tensor ne = tp::compare(x, y, CompareOp::Ne);
    return in.make_bool(tp::item(tp::sum(ne, {}, false, std::nullopt)).to_int() == 0);
  });
}

}  // namespace tp::interp::lib
