// The numpy subset: numpy.array/zeros/ones/arange, ndarray attributes and a few methods,
// arithmetic with NumPy's promotion (float64 default, int op float -> float64), indexing that shares
// memory (so torch.from_numpy / Tensor.numpy() see each other's writes), and numpy printing.
// An ndarray is an NdArrayObj over a tp Tensor view; arrays never take part in autograd.
#include <cmath>
#include <cstdlib>
#include <limits>

#include "core/context.h"
#include "core/error.h"
#include "format/numpy_str.h"
#include "bindings/install.h"
#include "bindings/library_variant.h"
#include "bindings/numpy/ndarray.h"
#include "python/library.h"

namespace tp::interp::lib {

std::string format_ndarray_repr(Interpreter& in, const Tensor& a);  // bindings/tensor/print.cpp
std::string format_ndarray_str(Interpreter& in, const Tensor& a);
ObjPtr tensor_to_numpy(Interpreter& in, const Tensor& self, bool force);  // bindings/tensor/core_methods.cpp
void install_numpy_functions(Interpreter& in, ModuleObj& np);           // bindings/numpy/functions.cpp

namespace {

// numpy dtype objects: repr dtype('float64'), str float64.
struct NpDTypeObj : InstanceObj {
  TP_OBJECT_SUBTYPE(NpDType)
  explicit NpDTypeObj(DType d) : InstanceObj("numpy.dtype"), dtype(d) { subtype = kSubtype; }
  DType dtype;
};

std::string np_name(DType d) { return d == DType::Bool ? "bool" : dtype_short_name(d); }

ObjPtr result(Interpreter& in, const Tensor& t);

ObjPtr np_dtype_obj(Interpreter& in, DType d) {
  auto o = std::make_shared<NpDTypeObj>(d);
  o->repr_hook = [d](Interpreter&) { return "dtype('" + np_name(d) + "')"; };
  // np.float32(1.5), np.int64(3): a numpy scalar, represented by the Python number it prints as.
  o->call_hook = [d](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, np_name(d), a);
    ObjPtr v = p.get("x", 0);
    p.finish();
    Scalar s = is_none(v) ? Scalar::from_int(0) : to_scalar(v);
    return result(in, tp::full({}, s, d, Device{}));
  };
  return o;
}

std::optional<DType> np_dtype_arg(Interpreter& in, const ObjPtr& o) {
  if (is_none(o)) return std::nullopt;
  if (auto* d = obj_cast<NpDTypeObj>(o.get())) return d->dtype;
  if (o->kind == Kind::DType) return cast<DTypeObj>(o).dtype;
  std::string n;
  if (o->kind == Kind::Str) n = cast<StrObj>(o).value;
  else if (o->kind == Kind::Class) n = cast<ClassObj>(o).class_name;
  if (n == "float" || n == "float64" || n == "double") return DType::Float64;
  if (n == "float32" || n == "single") return DType::Float32;
  if (n == "int" || n == "int64") return DType::Int64;
  if (n == "int32") return DType::Int32;
  if (n == "int16") return DType::Int16;
  if (n == "int8") return DType::Int8;
  if (n == "uint8") return DType::UInt8;
  if (n == "float16" || n == "half") return DType::Float16;
  if (n == "bool" || n == "bool_") return DType::Bool;
  throw TorchError("TypeError", "data type " + in.repr(o) + " not understood");
}

// NumPy's promotion for the dtypes we have: a float with an integer gives the smallest float at
// least as wide as the float that holds every value of the integer (int8 -> float16, int16 ->
// float32, int32/int64 -> float64); otherwise the same lattice as torch.
DType np_promote(DType a, DType b) {
  if (a == b) return a;
  if (a != DType::Bool && b != DType::Bool && is_floating(a) != is_floating(b)) {
    DType f = is_floating(a) ? a : b, i = is_floating(a) ? b : a;
    DType holds = itemsize(i) == 1 ? DType::Float16 : itemsize(i) == 2 ? DType::Float32 : DType::Float64;
    return itemsize(holds) > itemsize(f) ? holds : f;
  }
  return promote_types(a, b);
}

// Python numbers are "weak" (NEP 50): they take the array's kind unless they are of a higher kind.
DType np_scalar_promote(DType arr, const Scalar& s) {
  if (s.is_float() && !is_floating(arr)) return DType::Float64;
  if (s.is_int() && arr == DType::Bool) return DType::Int64;
  return arr;
}

Tensor as_tensor_view(const Tensor& a) { return share_storage(a); }

ObjPtr result(Interpreter& in, const Tensor& t) {
  if (t.dim() == 0) {
    // A numpy scalar becomes a Python number; a float32 one keeps numpy's shortest float32 digits
    // (print(np.float32(0.1)) is 0.1, not 0.10000000149011612).
    Scalar s = t.scalar_at(t.storage_offset());
    if ((t.dtype() == DType::Float32 || t.dtype() == DType::Float16) && std::isfinite(s.to_double()))
      return in.make_float(std::strtod(format::shortest_repr_digits(s.to_double(), t.dtype()).c_str(), nullptr));
    return scalar_obj(in, s);
  }
  return in.wrap_ndarray(t);
}

Tensor array_from(Interpreter& in, const ObjPtr& data, std::optional<DType> dtype) {
  if (is_ndarray(data)) {
    const Tensor& a = array_of(data);
    return tp::to(a, dtype.value_or(a.dtype()), Device{}, true);
  }
  if (is_tensor(data)) {
    const Tensor& t = tensor_of(data);
    ObjPtr arr = tensor_to_numpy(in, t, false);
    return tp::to(array_of(arr), dtype.value_or(t.dtype()), Device{}, true);
  }
  // Lists: infer with NumPy's defaults (Python float -> float64).
  DType saved = ctx().default_dtype;
  ctx().default_dtype = DType::Float64;
  Tensor t;
  try {
    t = tensor_from_data(in, data, dtype, Device{}, false, "");
  } catch (...) {
    ctx().default_dtype = saved;
    throw;
  }
  ctx().default_dtype = saved;
  return t;
}

Tensor binary(const std::string& op, const Tensor& a, const Tensor& b) {
  if (op == "+") return tp::add(a, b);
  if (op == "-") return tp::sub(a, b);
  if (op == "*") return tp::mul(a, b);
  if (op == "/") return tp::div(a, b);
  if (op == "//") return tp::floor_divide(a, b);
  if (op == "%") return tp::remainder(a, b);
  if (op == "**") return tp::pow(a, b);
  if (op == "@") return tp::matmul(a, b);
  if (op == "==") return tp::compare(a, b, CompareOp::Eq);
  if (op == "!=") return tp::compare(a, b, CompareOp::Ne);
  if (op == "<") return tp::compare(a, b, CompareOp::Lt);
  if (op == "<=") return tp::compare(a, b, CompareOp::Le);
  if (op == ">") return tp::compare(a, b, CompareOp::Gt);
  if (op == ">=") return tp::compare(a, b, CompareOp::Ge);
  throw TorchError("TypeError", "unsupported operand type(s) for " + op + ": 'numpy.ndarray'");
}

// Brings both operands to NumPy's result dtype (true division of integers gives float64).
std::pair<Tensor, Tensor> np_operands(Interpreter& in, const std::string& op, const ObjPtr& a, const ObjPtr& b) {
  auto dt_of = [](const ObjPtr& o) { return is_ndarray(o) ? array_of(o).dtype() : DType::Int64; };
  DType r;
  if (is_ndarray(a) && is_ndarray(b)) r = np_promote(dt_of(a), dt_of(b));
  else if (is_ndarray(a)) r = np_scalar_promote(dt_of(a), to_scalar(b));
  else r = np_scalar_promote(dt_of(b), to_scalar(a));
  if (op == "/" && !is_floating(r)) r = DType::Float64;
  auto conv = [&](const ObjPtr& o) {
    if (is_ndarray(o)) return tp::to(array_of(o), r, Device{}, false);
    return tp::full({}, to_scalar(o), r, Device{});
  };
  return {conv(a), conv(b)};
}

ObjPtr reduce(Interpreter& in, const Tensor& a, ArgParser& p, const std::string& what) {
  ObjPtr axis = p.get("axis", 0);
  std::vector<int64_t> dims = dims_arg(in, axis);
  bool keep = bool_arg(in, p.kw("keepdims"), false);
  Tensor t = a;
  if (what == "mean" && !is_floating(t.dtype())) t = tp::to(t, DType::Float64, Device{}, false);
  Tensor r;
  if (what == "sum") r = tp::sum(t, dims, keep, t.dtype() == DType::Bool || t.dtype() == DType::Int32 ? std::optional<DType>(DType::Int64) : std::nullopt);
  else if (what == "mean") r = tp::mean(t, dims, keep, std::nullopt);
  else if (what == "max") r = dims.empty() ? tp::max_all(t) : tp::amax(t, dims, keep);
  else r = dims.empty() ? tp::min_all(t) : tp::amin(t, dims, keep);
  return result(in, r);
}

// ndarray.reshape: a view when the strides allow, else numpy reshapes a C-order copy, which
// becomes the result's base (PyArray_Newshape).
ObjPtr np_reshape(Interpreter& in, const ObjPtr& self, const Shape& shape) {
  Tensor r = tp::reshape(as_tensor_view(array_of(self)), shape);
  if (r.storage() == array_of(self).storage()) return np_view_result(in, self, r);
  ObjPtr copy = in.wrap_ndarray(np_c_copy(array_of(self)));
  return np_view_result(in, copy, tp::reshape(as_tensor_view(array_of(copy)), shape));
}

using ArrMethod = Callable<ObjPtr(Interpreter&, const ObjPtr&, ArgParser&)>;

ObjPtr bound(Interpreter& in, const ObjPtr& self, const std::string& name, ArrMethod m) {
  return in.bind(self, in.make_function("ndarray." + name, [name, m](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr self = a.args.front();
    a.args.erase(a.args.begin());
    ArgParser p(in, name, a);
    ObjPtr r = m(in, self, p);
    p.finish();
    return r;
  }));
}

}  // namespace

std::string ndarray_repr(Interpreter& in, const Tensor& a) { return format_ndarray_repr(in, a); }
std::string ndarray_str(Interpreter& in, const Tensor& a) { return format_ndarray_str(in, a); }

std::string numpy_dtype_str(const ObjPtr& o) {
  auto* d = obj_cast<NpDTypeObj>(o.get());
  return d ? np_name(d->dtype) : "";
}

std::vector<ObjPtr> ndarray_iterate(Interpreter& in, const ObjPtr& self) {
  const Tensor& a = array_of(self);
  if (a.dim() == 0) throw TorchError("TypeError", "iteration over a 0-d array");
  std::vector<ObjPtr> out;
  GradModeGuard off(false);
  for (int64_t i = 0; i < a.sizes()[0]; ++i) out.push_back(np_view_result(in, self, tp::select(as_tensor_view(a), 0, i)));
  return out;
}

ObjPtr ndarray_getitem(Interpreter& in, const ObjPtr& self, const ObjPtr& index) {
  GradModeGuard off(false);
  ObjPtr t = in.wrap_tensor(as_tensor_view(array_of(self)));
  ObjPtr r = getitem(in, t, index);
  return np_view_result(in, self, tensor_of(r));  // basic indexing is a view, advanced a copy
}

bool ndarray_setitem(Interpreter& in, const ObjPtr& self, const ObjPtr& index, const ObjPtr& value) {
  GradModeGuard off(false);
  ObjPtr t = in.wrap_tensor(as_tensor_view(array_of(self)));
  ObjPtr v = is_ndarray(value) ? in.wrap_tensor(as_tensor_view(array_of(value))) : value;
  return setitem(in, t, index, v);
}

ObjPtr ndarray_binary_op(Interpreter& in, const std::string& op, const ObjPtr& a, const ObjPtr& b) {
  bool ok_a = is_ndarray(a) || is_number(a), ok_b = is_ndarray(b) || is_number(b);
  if (!ok_a || !ok_b) return nullptr;
  GradModeGuard off(false);
  auto [x, y] = np_operands(in, op, a, b);
  return result(in, binary(op, x, y));
}

std::string np_ufunc_name(const std::string& op) {
  static const std::pair<const char*, const char*> names[] = {
      {"+", "add"}, {"-", "subtract"}, {"*", "multiply"}, {"/", "divide"}, {"//", "floor_divide"},
      {"**", "power"}, {"%", "remainder"}, {"@", "matmul"}, {"&", "bitwise_and"}, {"|", "bitwise_or"},
      {"^", "bitwise_xor"}, {"<<", "left_shift"}, {">>", "right_shift"}};
  for (auto& [sym, name] : names)
    if (op == sym) return name;
  return op;
}

// Writes a ufunc's result into `out` under numpy's default casting='same_kind' (no float -> int,
// no int -> bool), broadcasting the result to out's shape; returns `out` itself.
ObjPtr np_store_ufunc_result(Interpreter& in, const std::string& op, const ObjPtr& r, const ObjPtr& out) {
  GradModeGuard off(false);
  Tensor dst = as_tensor_view(array_of(out));
  Tensor src = is_ndarray(r) ? array_of(r) : tp::full({}, to_scalar(r), dst.dtype(), Device{});
  if (!is_ndarray(r) && r->kind == Kind::Float && !is_floating(dst.dtype())) src = tp::full({}, to_scalar(r), DType::Float64, Device{});
  if (!can_cast(src.dtype(), dst.dtype()))
    throw TorchError("numpy.core._exceptions._UFuncOutputCastingError",
                     "Cannot cast ufunc '" + np_ufunc_name(op) + "' output from dtype('" + np_name(src.dtype()) +
                         "') to dtype('" + np_name(dst.dtype()) + "') with casting rule 'same_kind'");
  tp::copy_(dst, src);
  return out;
}

ObjPtr ndarray_inplace_op(Interpreter& in, const std::string& op, const ObjPtr& a, const ObjPtr& b) {
  GradModeGuard off(false);
  ObjPtr r = ndarray_binary_op(in, op, a, b);
  if (!r) return nullptr;
  return np_store_ufunc_result(in, op, r, a);
}

ObjPtr ndarray_unary_op(Interpreter& in, const std::string& op, const ObjPtr& a) {
  GradModeGuard off(false);
  const Tensor& t = array_of(a);
  if (op == "-") return result(in, tp::unary(t, UnaryOp::Neg));
  if (op == "+") return result(in, tp::clone(t));
  if (op == "~" && t.dtype() == DType::Bool) return result(in, tp::logical_not(t));
  return nullptr;
}

ObjPtr ndarray_getattr(Interpreter& in, const ObjPtr& self, const std::string& name) {
  const Tensor& a = array_of(self);
  if (name == "shape") return int_tuple(in, a.sizes());
  if (name == "dtype") {  // the module's canonical object, so `a.dtype == np.float64` holds
    auto np = in.find_module("numpy");
    return np->get(a.dtype() == DType::Bool ? "bool_" : dtype_short_name(a.dtype()));
  }
  if (name == "ndim") return in.make_int(a.dim());
  if (name == "size") return in.make_int(a.numel());
  if (name == "itemsize") return in.make_int(int64_t(a.element_size()));
  if (name == "nbytes") return in.make_int(a.numel() * int64_t(a.element_size()));
  if (name == "strides") {
    Shape s;
    for (int64_t st : a.strides()) s.push_back(st * int64_t(a.element_size()));
    return int_tuple(in, s);
  }
  if (name == "T") {
    Shape dims;
    for (int64_t d = a.dim() - 1; d >= 0; --d) dims.push_back(d);
    GradModeGuard off(false);
    return np_view_result(in, self, tp::permute(as_tensor_view(a), dims));
  }
  if (name == "item")
    return bound(in, self, name, [](Interpreter& in, const ObjPtr& s, ArgParser& p) {
      const Tensor& t = array_of(s);
      if (t.numel() != 1) throw TorchError("ValueError", "can only convert an array of size 1 to a Python scalar");
      return scalar_obj(in, t.scalar_at(t.storage_index_of(0)));
    });
  if (name == "tolist")
    return bound(in, self, name, [](Interpreter& in, const ObjPtr& s, ArgParser& p) {
      ObjPtr t = in.wrap_tensor(as_tensor_view(array_of(s)));
      return in.call(in.getattr(t, "tolist"), CallArgs{});
    });
  if (name == "copy")
    return bound(in, self, name, [](Interpreter& in, const ObjPtr& s, ArgParser& p) {
      GradModeGuard off(false);
      return in.wrap_ndarray(np_c_copy(array_of(s)));
    });
  if (name == "astype")
    return bound(in, self, name, [](Interpreter& in, const ObjPtr& s, ArgParser& p) {
      DType d = *np_dtype_arg(in, p.required("dtype", 0));
      return in.wrap_ndarray(tp::to(array_of(s), d, Device{}, true));
    });
  if (name == "reshape")
    return bound(in, self, name, [](Interpreter& in, const ObjPtr& s, ArgParser& p) {
      GradModeGuard off(false);
      return np_reshape(in, s, sizes_from(in, p, 0, "shape"));
    });
  if (name == "flatten")
    return bound(in, self, name, [](Interpreter& in, const ObjPtr& s, ArgParser& p) {
      GradModeGuard off(false);
      return in.wrap_ndarray(tp::clone(tp::reshape(array_of(s), {-1})));
    });
  for (const char* r : {"sum", "mean", "max", "min"})
    if (name == r)
      return bound(in, self, name, [name](Interpreter& in, const ObjPtr& s, ArgParser& p) {
        GradModeGuard off(false);
        return reduce(in, array_of(s), p, name);
      });
  return ndarray_memory_getattr(in, self, name);
}

void install_numpy(Interpreter& in) {
  auto np = std::make_shared<ModuleObj>("numpy");
  auto nd = make_class("ndarray");
  nd->set("__module__", in.make_str("numpy"));
  np->set("ndarray", nd);
  for (DType d : kAllDTypes)
    np->set(d == DType::Bool ? "bool_" : dtype_short_name(d), np_dtype_obj(in, d));
  np->set("pi", in.make_float(3.141592653589793));
  np->set("e", in.make_float(2.718281828459045));
  np->set("nan", in.make_float(std::numeric_limits<double>::quiet_NaN()));
  np->set("inf", in.make_float(std::numeric_limits<double>::infinity()));
  np->set("newaxis", in.none());
  const std::string N = "numpy.";
  def(*np, N, "array", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "array", a);
    ObjPtr data = p.required("object", 0);
    auto dt = np_dtype_arg(in, p.get("dtype", 1));
    p.kw("copy");
    p.finish();
    return in.wrap_ndarray(array_from(in, data, dt));
  });
  def(*np, N, "asarray", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "asarray", a);
    ObjPtr data = p.required("a", 0);
    auto dt = np_dtype_arg(in, p.get("dtype", 1));
    p.finish();
    if (is_ndarray(data) && (!dt || *dt == array_of(data).dtype())) return data;
    // A CPU tensor goes through Tensor.__array__ = self.numpy(): no copy, base is the tensor.
    if (is_tensor(data) && (!dt || *dt == tensor_of(data).dtype())) return tensor_to_numpy(in, tensor_of(data), false);
    return in.wrap_ndarray(array_from(in, data, dt));
  });
  for (const char* n : {"zeros", "ones"}) {
    bool ones = std::string(n) == "ones";
    def(*np, N, n, [ones](Interpreter& in, CallArgs& a) -> ObjPtr {
      ArgParser p(in, ones ? "ones" : "zeros", a);
      ObjPtr shape = p.required("shape", 0);
      DType d = np_dtype_arg(in, p.get("dtype", 1)).value_or(DType::Float64);
      p.finish();
      Shape s = shape->kind == Kind::Int ? Shape{to_int(in, shape)} : to_int_list(in, shape, "shape");
      return in.wrap_ndarray(ones ? tp::ones(s, d, Device{}) : tp::zeros(s, d, Device{}));
    });
  }
  def(*np, N, "arange", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "arange", a);
    ObjPtr s0 = p.get("start", 0), s1 = p.get("stop", 1), s2 = p.get("step", 2);
    auto dt = np_dtype_arg(in, p.kw("dtype"));
    p.finish();
    Scalar start = Scalar::from_int(0), stop, step = Scalar::from_int(1);
    if (!s1) stop = to_scalar(s0);
    else { start = to_scalar(s0); stop = to_scalar(s1); if (s2) step = to_scalar(s2); }
    bool any_float = start.is_float() || stop.is_float() || step.is_float();
    DType d = dt.value_or(any_float ? DType::Float64 : DType::Int64);
    return in.wrap_ndarray(tp::arange(start, stop, step, d, Device{}));
  });
  install_numpy_functions(in, *np);
  install_numpy_memory(in, *np);
  if (full_library()) install_numpy_random(in, *np);
  in.register_module("numpy", np);
}

}  // namespace tp::interp::lib

namespace tp::interp::lib {

ObjPtr np_result(Interpreter& in, const Tensor& t) { return result(in, t); }
Tensor np_array_from(Interpreter& in, const ObjPtr& data, std::optional<DType> dtype) { return array_from(in, data, dtype); }
std::optional<DType> np_dtype(Interpreter& in, const ObjPtr& o) { return np_dtype_arg(in, o); }
ObjPtr np_reduce(Interpreter& in, const Tensor& a, ArgParser& p, const std::string& what) { return reduce(in, a, p, what); }

}  // namespace tp::interp::lib
