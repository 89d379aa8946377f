// torch.finfo / torch.iinfo (torch/csrc/TypeInfo.cpp): numeric limits of a dtype as
// attributes (bits, eps, max, min, tiny, smallest_normal, resolution; dtype as a str) and a repr
// printed through C++'s `ostream << double` (%g), which is why iinfo shows max=9.22337e+18.
// (finfo == finfo is left out: the interpreter dispatches comparisons to user classes only.)
#include <cmath>
#include <cstdio>
#include <limits>

#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"

namespace tp::interp::lib {

namespace {

std::string stream_double(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

double attr_float(const ObjPtr& self, const char* name) {
  return cast<FloatObj>(cast<InstanceObj>(self).get(name)).value;
}
double attr_int_as_double(const ObjPtr& self, const char* name) {  // PyLong_AsDouble
  return double(cast<IntObj>(cast<InstanceObj>(self).get(name)).value);
}
std::string attr_str(const ObjPtr& self, const char* name) { return cast<StrObj>(cast<InstanceObj>(self).get(name)).value; }

template <class T>
void set_float_limits(Interpreter& in, InstanceObj& o) {
  using L = std::numeric_limits<T>;
  o.set("bits", in.make_int(int64_t(sizeof(T) * 8)));
  o.set("eps", in.make_float(L::epsilon()));
  o.set("max", in.make_float(L::max()));
  o.set("min", in.make_float(L::lowest()));
  o.set("smallest_normal", in.make_float(L::min()));
  o.set("tiny", in.make_float(L::min()));  // gh-70909: tiny is smallest_normal
  o.set("resolution", in.make_float(std::pow(10, -L::digits10)));
}

// c10's numeric_limits<c10::Half>: binary16 (10 stored mantissa bits, digits10 = 3).
void set_half_limits(Interpreter& in, InstanceObj& o) {
  o.set("bits", in.make_int(16));
  o.set("eps", in.make_float(0.0009765625));
  o.set("max", in.make_float(65504.0));
  o.set("min", in.make_float(-65504.0));
  o.set("smallest_normal", in.make_float(6.103515625e-05));
  o.set("tiny", in.make_float(6.103515625e-05));
  o.set("resolution", in.make_float(0.001));
}

template <class T>
void set_int_limits(Interpreter& in, InstanceObj& o) {
  o.set("bits", in.make_int(int64_t(sizeof(T) * 8)));
  o.set("max", in.make_int(int64_t(std::numeric_limits<T>::max())));
  o.set("min", in.make_int(int64_t(std::numeric_limits<T>::lowest())));
}

std::shared_ptr<ClassObj> info_class(Interpreter& in, const std::string& name) {
  auto cls = make_class(name);
  cls->set("__module__", in.make_str("torch"));
  return cls;
}

}  // namespace

void install_type_info(Interpreter& in, ModuleObj& torch) {
  auto finfo = info_class(in, "finfo");
  std::weak_ptr<ClassObj> weak_f = finfo;
  finfo->call_hook = [weak_f](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "finfo", a);
    ObjPtr t = p.get("type", 0);
    p.finish();
    if (t && t->kind != Kind::DType) throw TorchError("TypeError", "finfo(): argument 'type' must be torch.dtype, not " + in.type_name(t));
    DType d = t ? cast<DTypeObj>(t).dtype : ctx().default_dtype;
    if (!is_floating(d))
      throw TorchError("TypeError", "torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'");
    auto o = std::make_shared<InstanceObj>("finfo");
    o->cls = weak_f.lock();
    if (d == DType::Float32) set_float_limits<float>(in, *o);
    else if (d == DType::Float16) set_half_limits(in, *o);
    else set_float_limits<double>(in, *o);
    o->set("dtype", in.make_str(dtype_short_name(d)));
    return o;
  };
  def(*finfo, "torch.finfo.", "__repr__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    const ObjPtr& s = a.args.at(0);
    return in.make_str("finfo(resolution=" + stream_double(attr_float(s, "resolution")) +
                       ", min=" + stream_double(attr_float(s, "min")) + ", max=" + stream_double(attr_float(s, "max")) +
                       ", eps=" + stream_double(attr_float(s, "eps")) +
                       ", smallest_normal=" + stream_double(attr_float(s, "smallest_normal")) +
                       ", tiny=" + stream_double(attr_float(s, "tiny")) + ", dtype=" + attr_str(s, "dtype") + ")");
  });
  torch.set("finfo", finfo);

  auto iinfo = info_class(in, "iinfo");
  std::weak_ptr<ClassObj> weak_i = iinfo;
  iinfo->call_hook = [weak_i](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "iinfo", a);
    ObjPtr t = p.required("type", 0);
    p.finish();
    if (t->kind != Kind::DType) throw TorchError("TypeError", "iinfo(): argument 'type' must be torch.dtype, not " + in.type_name(t));
    DType d = cast<DTypeObj>(t).dtype;
    if (d == DType::Bool) throw TorchError("TypeError", "torch.bool is not supported by torch.iinfo");
    if (!is_integral(d, false))
      throw TorchError("TypeError", "torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'");
    auto o = std::make_shared<InstanceObj>("iinfo");
    o->cls = weak_i.lock();
    switch (d) {
      case DType::UInt8: set_int_limits<uint8_t>(in, *o); break;
      case DType::Int8: set_int_limits<int8_t>(in, *o); break;
      case DType::Int16: set_int_limits<int16_t>(in, *o); break;
      case DType::Int32: set_int_limits<int32_t>(in, *o); break;
      default: set_int_limits<int64_t>(in, *o); break;
    }
    o->set("dtype", in.make_str(dtype_short_name(d)));
    return o;
  };
  def(*iinfo, "torch.iinfo.", "__repr__", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    const ObjPtr& s = a.args.at(0);
    return in.make_str("iinfo(min=" + stream_double(attr_int_as_double(s, "min")) +
                       ", max=" + stream_double(attr_int_as_double(s, "max")) + ", dtype=" + attr_str(s, "dtype") + ")");
  });
  torch.set("iinfo", iinfo);
}

}  // namespace tp::interp::lib
