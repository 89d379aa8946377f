// Shared helpers of the library bindings: state lookup, result objects, argument conversions.
#include "bindings/common.h"
#include "bindings/install.h"

#include "autograd/node.h"
#include "core/context.h"
#include "core/error.h"
#include "ops/native.h"

namespace tp::interp::lib {

TorchModule& state(Interpreter& in) {
  auto m = in.find_module("torch");
  TP_INTERNAL_ASSERT(m != nullptr, "torch module not installed");
  return static_cast<TorchModule&>(*m);
}

// ---------------------------------------------------------------- result objects

ObjPtr wrap(Interpreter& in, const Tensor& t) { return t.defined() ? in.wrap_tensor(t) : in.none(); }

ObjPtr wrap_tuple(Interpreter& in, const std::vector<Tensor>& ts) {
  std::vector<ObjPtr> items;
  for (auto& t : ts) items.push_back(wrap(in, t));
  return in.make_tuple(std::move(items));
}

ObjPtr dtype_obj(Interpreter& in, DType d) { return state(in).dtypes[int(d)]; }

ObjPtr device_obj(Interpreter& in, const Device& d, bool has_index) {
  auto o = std::make_shared<LibDeviceObj>(d, has_index && !d.is_cpu());
  return o;
}

std::string device_repr(const ObjPtr& dev) {
  auto& d = cast<DeviceObj>(dev).device;
  auto* l = obj_cast<LibDeviceObj>(dev.get());
  bool idx = l ? l->has_index : !d.is_cpu();
  std::string s = "device(type='" + d.type_name() + "'";
  if (idx) s += ", index=" + std::to_string(d.index);
  return s + ")";
}

ObjPtr size_obj(Interpreter& in, const Shape& s) {
  auto o = std::make_shared<SizeObj>();
  o->dims = s;
  return o;
}

ObjPtr int_tuple(Interpreter& in, const Shape& s) {
  std::vector<ObjPtr> items;
  for (int64_t v : s) items.push_back(in.make_int(v));
  return in.make_tuple(std::move(items));
}

ObjPtr scalar_obj(Interpreter& in, const Scalar& s) {
  if (s.is_bool()) return in.make_bool(s.to_bool());
  if (s.is_int()) return in.make_int(s.to_int());
  return in.make_float(s.to_double());
}

// ---------------------------------------------------------------- arguments

const Tensor& tensor_arg(Interpreter& in, const ObjPtr& o, const std::string& fname, const std::string& name,
                         int position) {
  if (is_tensor(o)) return tensor_of(o);
  throw TorchError("TypeError", fname + "(): argument '" + name + "' (position " + std::to_string(position) +
                                    ") must be Tensor, not " + in.type_name(o));
}

Tensor operand(Interpreter& in, const ObjPtr& o, const std::string& fname, const std::string& name, int position) {
  if (is_tensor(o)) return tensor_of(o);
  if (is_number(o)) return native::wrap_scalar(to_scalar(o));
  return tensor_arg(in, o, fname, name, position);
}

Tensor take_self(Interpreter& in, CallArgs& a) {
  if (a.args.empty())  // torch.Tensor.add() called on the class without an instance
    throw TorchError("TypeError", "descriptor needs an argument");
  ObjPtr self = a.args.front();
  a.args.erase(a.args.begin());
  if (!is_tensor(self))
    throw TorchError("TypeError", "descriptor requires a 'torch._C.TensorBase' object but received a '" +
                                      in.type_name(self) + "'");
  return tensor_of(self);
}

std::optional<int64_t> opt_int(Interpreter& in, const ObjPtr& o, const std::string& what) {
  if (is_none(o)) return std::nullopt;
  return to_int(in, o, what);
}

std::vector<int64_t> dims_arg(Interpreter& in, const ObjPtr& o) {
  if (is_none(o)) return {};
  if (o->kind == Kind::List || o->kind == Kind::Tuple || o->kind == Kind::Size)
    return to_int_list(in, o, "argument 'dim'");
  return {to_int(in, o, "argument 'dim'")};
}

Shape sizes_from(Interpreter& in, ArgParser& p, size_t first, const std::string& kwname) {
  auto rest = p.args_from(first);
  if (rest.empty()) {
    if (ObjPtr k = p.kw(kwname)) return to_shape(in, {k});
    return {};
  }
  return to_shape(in, rest);
}

std::optional<DType> opt_dtype(const ObjPtr& o) {
  if (is_none(o)) return std::nullopt;
  return to_dtype(o);
}

Device device_or(const ObjPtr& o, const Device& fallback) { return is_none(o) ? fallback : to_device(o); }

bool bool_arg(Interpreter& in, const ObjPtr& o, bool fallback) { return is_none(o) ? fallback : in.truthy(o); }

double double_arg(Interpreter& in, const ObjPtr& o, double fallback) {
  return is_none(o) ? fallback : to_double(in, o);
}

// ---------------------------------------------------------------- classes and functions

std::shared_ptr<ClassObj> make_class(const std::string& name) { return std::make_shared<ClassObj>(name); }

void def(AttrObj& target, const std::string& qualprefix, const std::string& name, NativeFn fn) {
  target.set(name, std::make_shared<FunctionObj>(qualprefix + name, std::move(fn)));
}

void method(ClassObj& tc, const std::string& name, Method m, ModuleObj* torch) {
  def(tc, "Tensor.", name, [name, m](Interpreter& in, CallArgs& a) -> ObjPtr {
    Tensor self = take_self(in, a);
    check_method_out(in, name, a);  // no method signature takes out=: Note [Invalid combination]
    ArgParser p(in, name, a);
    ObjPtr r = m(in, self, p);
    p.finish();
    return r;
  });
  if (!torch) return;
  def(*torch, "torch.", name, [name, m](Interpreter& in, CallArgs& a) -> ObjPtr {
    if (a.args.empty()) {  // torch.f(input=x, ...)
      for (size_t k = 0; k < a.kwargs.size(); ++k)
        if (a.kwargs[k].first == "input") {
          a.args.push_back(a.kwargs[k].second);
          a.kwargs.erase(a.kwargs.begin() + long(k));
          break;
        }
      if (a.args.empty()) throw TorchError("TypeError", name + "() missing 1 required positional arguments: \"input\"");
    }
    Tensor self = tensor_arg(in, a.args[0], name, "input", 1);
    a.args.erase(a.args.begin());
    ArgParser p(in, name, a);
    ObjPtr r = m(in, self, p);
    p.finish();
    return r;
  });
}

ObjPtr node_obj(Interpreter& in, const std::shared_ptr<tp::Node>& n) {
  if (!n) return in.none();
  if (ObjPtr ctx_obj = custom_function_object(n)) return ctx_obj;
  auto& cache = state(in).node_objects;
  if (ObjPtr o = cache.find(n.get())) return o;
  auto o = std::make_shared<NodeObj>(n);
  cache.insert(n.get(), o);
  return o;
}

}  // namespace tp::interp::lib
