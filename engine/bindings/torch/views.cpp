// Tensor methods that reshape, view, copy or convert: view/reshape/expand/as_strided/t/permute/
// squeeze/select/split/..., detach/clone/contiguous/copy_, and to/cpu/cuda/float/long/type.
#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "bindings/torch/memory_format.h"
#include "ops/shape/view_dtype.h"

namespace tp::interp::lib {

namespace {

int64_t int_arg(Interpreter& in, ArgParser& p, const std::string& name, size_t i) {
  return to_int(in, p.required(name, i), "argument '" + name + "'");
}
int64_t int_arg_or(Interpreter& in, ArgParser& p, const std::string& name, size_t i, int64_t fallback) {
  ObjPtr o = p.get(name, i);
  return is_none(o) ? fallback : to_int(in, o, "argument '" + name + "'");
}

// Parses the overloads of Tensor.to: to(dtype), to(device, dtype=None), to(other), plus keywords.
ObjPtr tensor_to(Interpreter& in, Tensor& self, ArgParser& p) {
  DType dtype = self.dtype();
  Device device = self.device();
  for (size_t i = 0; i < p.count(); ++i) {
    ObjPtr a = p.positional(i);
    if (a->kind == Kind::DType) dtype = to_dtype(a);
    else if (a->kind == Kind::Device || a->kind == Kind::Str) device = to_device(a);
    else if (is_tensor(a)) { dtype = tensor_of(a).dtype(); device = tensor_of(a).device(); }
    else if (a->kind == Kind::Bool) continue;  // non_blocking / copy given positionally
    else throw TorchError("TypeError", "to() received an invalid combination of arguments - got (" + in.type_name(a) + ")");
  }
  if (ObjPtr d = p.kw("dtype"); !is_none(d)) dtype = to_dtype(d);
  if (ObjPtr d = p.kw("device"); !is_none(d)) device = to_device(d);
  p.kw("non_blocking");
  MemoryFormat fmt = opt_memory_format(in, p.kw("memory_format"), "to").value_or(MemoryFormat::Preserve);
  bool copy = bool_arg(in, p.kw("copy"), false);
  return in.wrap_tensor(tp::to(self, dtype, device, copy, fmt));
}

Method convert_to(DType d) {
  return [d](Interpreter& in, Tensor& self, ArgParser& p) {
    MemoryFormat fmt = opt_memory_format(in, p.kw("memory_format"), dtype_short_name(d)).value_or(MemoryFormat::Preserve);
    return in.wrap_tensor(tp::to(self, d, self.device(), false, fmt));
  };
}

// "torch.FloatTensor" / "torch.cuda.FloatTensor"
std::string type_string(const Tensor& t) {
  std::string prefix = t.device().is_cpu() ? "torch." : "torch." + t.device().type_name() + ".";
  return prefix + legacy_type_name(t.dtype());
}

}  // namespace

void install_view_methods(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  method(tc, "view", [](Interpreter& in, Tensor& self, ArgParser& p) {
    // view(dtype): the same bytes read as another dtype (ops/shape/view_dtype.cpp).
    if (p.count() == 1 && p.positional(0)->kind == Kind::DType)
      return in.wrap_tensor(native::view_dtype(self, to_dtype(p.positional(0))));
    if (p.count() == 0 && p.has_kwargs())
      if (ObjPtr d = p.kw("dtype")) return in.wrap_tensor(native::view_dtype(self, to_dtype(d)));
    return in.wrap_tensor(tp::view(self, sizes_from(in, p, 0)));
  });
  method(tc, "view_as", [](Interpreter& in, Tensor& self, ArgParser& p) {
    const Tensor& o = tensor_arg(in, p.required("other", 0), "view_as", "other", 1);
    return in.wrap_tensor(tp::view(self, o.sizes()));
  });
  method(tc, "reshape", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::reshape(self, sizes_from(in, p, 0, "shape")));
  });
  method(tc, "reshape_as", [](Interpreter& in, Tensor& self, ArgParser& p) {
    const Tensor& o = tensor_arg(in, p.required("other", 0), "reshape_as", "other", 1);
    return in.wrap_tensor(tp::reshape(self, o.sizes()));
  });
  method(tc, "flatten", [](Interpreter& in, Tensor& self, ArgParser& p) {
    int64_t s = int_arg_or(in, p, "start_dim", 0, 0), e = int_arg_or(in, p, "end_dim", 1, -1);
    return in.wrap_tensor(tp::flatten(self, s, e));
  });
  method(tc, "expand", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::expand(self, sizes_from(in, p, 0)));
  });
  method(tc, "expand_as", [](Interpreter& in, Tensor& self, ArgParser& p) {
    const Tensor& o = tensor_arg(in, p.required("other", 0), "expand_as", "other", 1);
    return in.wrap_tensor(tp::expand(self, o.sizes()));
  });
  method(tc, "as_strided", [](Interpreter& in, Tensor& self, ArgParser& p) {
    Shape size = to_int_list(in, p.required("size", 0), "argument 'size'");
    Shape stride = to_int_list(in, p.required("stride", 1), "argument 'stride'");
    auto off = opt_int(in, p.get("storage_offset", 2), "argument 'storage_offset'");
    return in.wrap_tensor(tp::as_strided(self, size, stride, off));
  });
  method(tc, "t", [](Interpreter& in, Tensor& self, ArgParser& p) { return in.wrap_tensor(tp::t(self)); });
  auto transpose = [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::transpose(self, int_arg(in, p, "dim0", 0), int_arg(in, p, "dim1", 1)));
  };
  method(tc, "transpose", transpose);
  method(tc, "swapaxes", transpose);
  method(tc, "swapdims", transpose);
  method(tc, "permute", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::permute(self, sizes_from(in, p, 0, "dims")));
  });
  method(tc, "squeeze", [](Interpreter& in, Tensor& self, ArgParser& p) {
    ObjPtr d = p.get("dim", 0);
    if (is_none(d)) return in.wrap_tensor(tp::squeeze(self));
    if (d->kind == Kind::Int) return in.wrap_tensor(tp::squeeze(self, to_int(in, d)));
    return in.wrap_tensor(tp::squeeze(self, dims_arg(in, d)));
  });
  method(tc, "unsqueeze", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::unsqueeze(self, int_arg(in, p, "dim", 0)));
  });
  method(tc, "narrow", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(
        tp::narrow(self, int_arg(in, p, "dim", 0), int_arg(in, p, "start", 1), int_arg(in, p, "length", 2)));
  });
  method(tc, "select", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::select(self, int_arg(in, p, "dim", 0), int_arg(in, p, "index", 1)));
  });
  method(tc, "unfold", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(
        tp::unfold(self, int_arg(in, p, "dimension", 0), int_arg(in, p, "size", 1), int_arg(in, p, "step", 2)));
  });
  method(tc, "diagonal", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::diagonal(self, int_arg_or(in, p, "offset", 0, 0), int_arg_or(in, p, "dim1", 1, 0),
                                       int_arg_or(in, p, "dim2", 2, 1)));
  });
  method(tc, "split", [](Interpreter& in, Tensor& self, ArgParser& p) {
    ObjPtr s = p.required("split_size", 0);
    int64_t dim = int_arg_or(in, p, "dim", 1, 0);
    if (s->kind == Kind::List || s->kind == Kind::Tuple)
      return wrap_tuple(in, tp::split_with_sizes(self, to_int_list(in, s, "argument 'split_size'"), dim));
    return wrap_tuple(in, tp::split(self, to_int(in, s, "argument 'split_size'"), dim));
  });
  method(tc, "chunk", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return wrap_tuple(in, tp::chunk(self, int_arg(in, p, "chunks", 0), int_arg_or(in, p, "dim", 1, 0)));
  });
  method(tc, "unbind", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return wrap_tuple(in, tp::unbind(self, int_arg_or(in, p, "dim", 0, 0)));
  });

  // ---------------------------------------------------------------- copies and detaching
  method(tc, "detach", [](Interpreter& in, Tensor& self, ArgParser& p) { return in.wrap_tensor(tp::detach(self)); });
  method(tc, "detach_", [](Interpreter& in, Tensor& self, ArgParser& p) { return in.wrap_tensor(tp::detach_(self)); });
  method(tc, "clone", [](Interpreter& in, Tensor& self, ArgParser& p) {
    MemoryFormat fmt = opt_memory_format(in, p.kw("memory_format"), "clone").value_or(MemoryFormat::Preserve);
    return in.wrap_tensor(tp::clone(self, fmt));
  });
  method(tc, "contiguous", [](Interpreter& in, Tensor& self, ArgParser& p) {
    ObjPtr f = p.get("memory_format", 0);
    MemoryFormat fmt = opt_memory_format(in, f, "contiguous").value_or(MemoryFormat::Contiguous);
    return in.wrap_tensor(tp::contiguous(self, fmt));
  });
  method(tc, "copy_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    ObjPtr src = p.required("src", 0);
    p.get("non_blocking", 1);
    return in.wrap_tensor(tp::copy_(self, tensor_arg(in, src, "copy_", "src", 1)));
  });

  // ---------------------------------------------------------------- conversions
  method(tc, "to", tensor_to);
  method(tc, "cpu", [](Interpreter& in, Tensor& self, ArgParser& p) {
    p.kw("memory_format");
    return in.wrap_tensor(tp::to(self, self.dtype(), Device{}, false));
  });
  method(tc, "cuda", [](Interpreter& in, Tensor& self, ArgParser& p) {
    ObjPtr d = p.get("device", 0);
    p.kw("non_blocking");
    p.kw("memory_format");
    Device dev{Device::Type::CUDA, 0};
    if (!is_none(d)) dev = d->kind == Kind::Int ? Device{Device::Type::CUDA, int(to_int(in, d))} : to_device(d);
    return in.wrap_tensor(tp::to(self, self.dtype(), dev, false));
  });
  method(tc, "float", convert_to(DType::Float32));
  method(tc, "double", convert_to(DType::Float64));
  method(tc, "long", convert_to(DType::Int64));
  method(tc, "int", convert_to(DType::Int32));
  method(tc, "bool", convert_to(DType::Bool));
  method(tc, "byte", convert_to(DType::UInt8));
  method(tc, "char", convert_to(DType::Int8));
  method(tc, "short", convert_to(DType::Int16));
  method(tc, "half", convert_to(DType::Float16));
  method(tc, "type", [](Interpreter& in, Tensor& self, ArgParser& p) -> ObjPtr {
    ObjPtr d = p.get("dtype", 0);
    p.kw("non_blocking");
    if (is_none(d)) return in.make_str(type_string(self));
    if (d->kind == Kind::Str) {
      std::string s = cast<StrObj>(d).value;
      for (DType t : kAllDTypes) {
        if (s == "torch." + legacy_type_name(t)) return in.wrap_tensor(tp::to(self, t, Device{}, false));
        if (s == "torch.cuda." + legacy_type_name(t))
          return in.wrap_tensor(tp::to(self, t, Device{Device::Type::CUDA, 0}, false));
      }
      throw TorchError("ValueError", "invalid type: '" + s + "'");
    }
    if (d->kind == Kind::Class) {  // t.type(torch.DoubleTensor)
      std::string n = cast<ClassObj>(d).class_name;
      for (DType t : kAllDTypes)
        if (n == legacy_type_name(t)) return in.wrap_tensor(tp::to(self, t, self.device(), false));
    }
    return in.wrap_tensor(tp::to(self, to_dtype(d), self.device(), false));
  });
  // torch.<f>(input, ...) for the view functions: the same callables (input arrives as args[0]).
  for (const char* n : {"reshape", "flatten", "t", "transpose", "swapaxes", "swapdims", "permute", "squeeze",
                        "unsqueeze", "narrow", "select", "split", "chunk", "unbind", "clone", "detach",
                        "as_strided", "diagonal"})
    torch.set(n, tc.get(n));
  method(tc, "repeat", [](Interpreter& in, Tensor& self, ArgParser& p) {  // RepeatBackward0
    return in.wrap_tensor(tp::repeat(self, sizes_from(in, p, 0, "repeats")));
  });
  method(tc, "type_as", [](Interpreter& in, Tensor& self, ArgParser& p) {
    const Tensor& o = tensor_arg(in, p.required("other", 0), "type_as", "other", 1);
    return in.wrap_tensor(tp::to(self, o.dtype(), o.device(), false));
  });
}

}  // namespace tp::interp::lib
