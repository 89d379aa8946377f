// Making tensors: torch.tensor (torch/csrc/utils/tensor_new.cpp), the legacy constructors
// (torch.Tensor(2, 3), torch.FloatTensor([1])), factories and their *_like forms, the random
// factories, torch.from_numpy, and the Tensor.new_* methods.
#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "bindings/torch/memory_format.h"
#include "ops/native.h"

namespace tp::interp::lib {

namespace {

// ---------------------------------------------------------------- torch.tensor's data walk

struct DataWalk {
  Interpreter& in;
  Shape sizes;
  std::vector<Scalar> values;
  std::optional<DType> inferred;  // promoted over every element (infer_scalar_type)
  void see(DType d) { inferred = inferred ? promote_types(*inferred, d) : d; }
};

DType scalar_dtype(const Scalar& s) {
  return s.is_bool() ? DType::Bool : s.is_int() ? DType::Int64 : ctx().default_dtype;
}

bool is_sequence(const ObjPtr& o) {
  return o->kind == Kind::List || o->kind == Kind::Tuple || o->kind == Kind::Size || o->kind == Kind::NdArray ||
         o->kind == Kind::Range;
}

std::vector<ObjPtr> items_of(Interpreter& in, const ObjPtr& o) {
  return o->kind == Kind::Range ? in.iterate(o) : sequence_items(in, o);
}

// compute_sizes: follow the first element down while it is a sequence.
void compute_sizes(DataWalk& w, const ObjPtr& data) {
  ObjPtr cur = data;
  while (is_sequence(cur)) {
    if (cur->kind == Kind::NdArray) {
      for (int64_t d : array_of(cur).sizes()) w.sizes.push_back(d);
      return;
    }
    auto items = items_of(w.in, cur);
    w.sizes.push_back(int64_t(items.size()));
    if (items.empty()) return;
    cur = items[0];
  }
}

void store(DataWalk& w, const ObjPtr& obj, size_t dim) {
  if (dim == w.sizes.size()) {
    if (is_number(obj)) {
      Scalar s = to_scalar(obj);
      w.see(scalar_dtype(s));
      w.values.push_back(s);
      return;
    }
    if (is_tensor(obj) || is_ndarray(obj)) {
      const Tensor& t = is_tensor(obj) ? tensor_of(obj) : array_of(obj);
      if (t.numel() != 1) throw TorchError("ValueError", "only one element tensors can be converted to Python scalars");
      w.see(t.dtype());
      w.values.push_back(t.scalar_at(t.storage_index_of(0)));
      return;
    }
    if (is_sequence(obj)) throw TorchError("ValueError", "expected sequence of length 0 at dim " + std::to_string(dim) + " (got " + std::to_string(w.in.len(obj)) + ")");
    throw TorchError("TypeError", "new(): invalid data type '" + w.in.type_name(obj) + "'");
  }
  if (is_ndarray(obj)) {
    const Tensor& a = array_of(obj);
    Shape rest(w.sizes.begin() + long(dim), w.sizes.end());
    if (a.sizes() != rest)
      throw TorchError("ValueError", "expected sequence of length " + std::to_string(w.sizes[dim]) + " at dim " +
                                         std::to_string(dim) + " (got " + std::to_string(a.dim() ? a.sizes()[0] : 0) + ")");
    w.see(a.dtype());
    for (int64_t i = 0; i < a.numel(); ++i) w.values.push_back(a.scalar_at(a.storage_index_of(i)));
    return;
  }
  if (!is_sequence(obj))
    throw TorchError("ValueError", "expected sequence of length " + std::to_string(w.sizes[dim]) + " at dim " +
                                       std::to_string(dim) + " (got " + w.in.type_name(obj) + ")");
  auto items = items_of(w.in, obj);
  if (int64_t(items.size()) != w.sizes[dim])
    throw TorchError("ValueError", "expected sequence of length " + std::to_string(w.sizes[dim]) + " at dim " +
                                       std::to_string(dim) + " (got " + std::to_string(items.size()) + ")");
  for (auto& it : items) store(w, it, dim + 1);
}

// ---------------------------------------------------------------- argument helpers

struct Options {
  std::optional<DType> dtype;
  Device device;
  bool device_given = false;
  bool requires_grad = false;
  std::optional<MemoryFormat> memory_format;
};

// dtype=, device=, requires_grad= (and the ignored layout=, pin_memory=, out=None, generator=).
Options read_options(Interpreter& in, ArgParser& p, const Device& default_device = Device{}) {
  Options o;
  o.dtype = opt_dtype(p.kw("dtype"));
  ObjPtr dev = p.kw("device");
  o.device = device_or(dev, default_device);
  o.device_given = !is_none(dev);
  o.requires_grad = bool_arg(in, p.kw("requires_grad"), false);
  p.kw("layout");
  p.kw("pin_memory");
  o.memory_format = opt_memory_format(in, p.kw("memory_format"), p.name());
  p.kw("generator");
  if (ObjPtr out = p.kw("out"); !is_none(out)) throw TorchError("TypeError", p.name() + "(): out= is not supported by the playground");
  p.finish();
  return o;
}

ObjPtr finish(Interpreter& in, const Tensor& t, bool requires_grad) {
  if (requires_grad) tp::set_factory_requires_grad(t, true);
  return in.wrap_tensor(t);
}

using SizedFactory = Tensor (*)(const Shape&, DType, Device);

NativeFn sized_factory(const std::string& name, SizedFactory f) {
  return [name, f](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch." + name, a);
    Shape s = sizes_from(in, p, 0);
    Options o = read_options(in, p);
    return finish(in, f(s, o.dtype.value_or(ctx().default_dtype), o.device), o.requires_grad);
  };
}

// zeros_like(t, dtype=None, device=None, requires_grad=False, memory_format=preserve) and friends:
// at::empty_like (TensorFactories.cpp) in that format, then filled.
using LikeFactory = Callable<Tensor(const Tensor&, DType, Device, MemoryFormat)>;
NativeFn like_factory(const std::string& name, LikeFactory f) {
  return [name, f](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch." + name, a);
    const Tensor& t = tensor_arg(in, p.required("input", 0), name, "input", 1);
    p.max_positional(1);
    Options o = read_options(in, p, t.device());
    MemoryFormat fmt = o.memory_format.value_or(MemoryFormat::Preserve);
    return finish(in, f(t, o.dtype.value_or(t.dtype()), o.device, fmt), o.requires_grad);
  };
}

Tensor filled_like(const Tensor& t, int64_t v, DType d, Device dev, MemoryFormat fmt) {
  return native::full_like(t, Scalar::from_int(v), d, dev, fmt);
}

Scalar number_arg(Interpreter& in, const ObjPtr& o, const std::string& fname, const std::string& name) {
  if (is_number(o) || is_tensor(o)) return to_scalar(o);
  throw TorchError("TypeError", fname + "(): argument '" + name + "' must be Number, not " + in.type_name(o));
}

// Legacy constructors: torch.Tensor(2, 3) (sizes), torch.Tensor([1, 2]) (data), torch.Tensor() (empty).
ObjPtr legacy_new(Interpreter& in, CallArgs& a, DType dtype, const std::string& name) {
  ArgParser p(in, "torch." + name, a);
  ObjPtr dev = p.kw("device");
  Device device = device_or(dev, Device{});
  p.finish();
  if (p.count() == 0) return in.wrap_tensor(tp::empty({0}, dtype, device));
  ObjPtr first = p.positional(0);
  if (p.count() == 1 && is_tensor(first)) {
    const Tensor& t = tensor_of(first);
    if (t.dtype() != dtype)
      throw TorchError("TypeError", "expected torch." + legacy_type_name(dtype) + " (got torch." +
                                        legacy_type_name(t.dtype()) + ")");
    GradModeGuard off(false);
    return in.wrap_tensor(tp::alias(t));  // legacy new(Tensor other): other.alias()
  }
  if (p.count() == 1 && (first->kind == Kind::List || first->kind == Kind::Tuple || is_ndarray(first)))
    return in.wrap_tensor(tensor_from_data(in, first, dtype, device, !is_none(dev), ""));
  return in.wrap_tensor(tp::empty(to_shape(in, p.args_from(0)), dtype, device));
}

}  // namespace

Tensor share_storage(const Tensor& t) {
  return make_tensor(t.storage(), t.sizes(), t.strides(), t.storage_offset(), t.dtype(), ctx().new_version_counter());
}

Tensor tensor_from_data(Interpreter& in, const ObjPtr& data, std::optional<DType> dtype, Device device,
                        bool device_given, const std::string& warn_name) {
  if (is_tensor(data)) {
    const Tensor& src = tensor_of(data);
    if (!warn_name.empty())
      in.warn("To copy construct from a tensor, it is recommended to use sourceTensor.clone().detach() or "
              "sourceTensor.clone().detach().requires_grad_(True), rather than " +
              warn_name + "(sourceTensor).");
    Tensor d = tp::detach(src);
    return tp::to(d, dtype.value_or(src.dtype()), device_given ? device : src.device(), true);
  }
  DataWalk w{in, {}, {}, std::nullopt};
  compute_sizes(w, data);
  store(w, data, 0);
  DType dt = dtype ? *dtype : w.inferred.value_or(ctx().default_dtype);
  if (is_ndarray(data) && !dtype) dt = array_of(data).dtype();
  if (!is_ndarray(data))
    for (const Scalar& v : w.values) native::check_scalar_fits(v, dt, /*storing=*/true);
  return tp::from_scalars(w.values, w.sizes, dt, device);
}

void install_creation(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  const std::string T = "torch.";
  def(torch, T, "tensor", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.tensor", a);
    ObjPtr data = p.required("data", 0);
    p.max_positional(1);
    Options o = read_options(in, p);
    Tensor t = tensor_from_data(in, data, o.dtype, o.device, o.device_given, "torch.tensor");
    return finish(in, t, o.requires_grad);
  });
  def(torch, T, "as_tensor", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.as_tensor", a);
    ObjPtr data = p.required("data", 0);
    auto dtype = opt_dtype(p.get("dtype", 1));
    ObjPtr dev = p.get("device", 2);
    p.finish();
    if (is_tensor(data)) {
      const Tensor& t = tensor_of(data);
      return in.wrap_tensor(tp::to(t, dtype.value_or(t.dtype()), device_or(dev, t.device()), false));
    }
    if (is_ndarray(data) && !dtype && is_none(dev)) return in.wrap_tensor(share_storage(array_of(data)));
    return in.wrap_tensor(tensor_from_data(in, data, dtype, device_or(dev, Device{}), !is_none(dev), ""));
  });
  def(torch, T, "from_numpy", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.from_numpy", a);
    ObjPtr arr = p.required("ndarray", 0);
    p.finish();
    if (!is_ndarray(arr))
      throw TorchError("TypeError", "expected np.ndarray (got " + in.type_name(arr) + ")");
    // The tensor's storage does not own numpy's memory: StorageImpl resizable=false (a later
    // resize_ says "Trying to resize storage that is not resizable").
    Tensor t = share_storage(array_of(arr));
    t.storage()->set_resizable(false);
    return in.wrap_tensor(t);
  });

  def(torch, T, "zeros", sized_factory("zeros", tp::zeros));
  def(torch, T, "ones", sized_factory("ones", tp::ones));
  def(torch, T, "empty", [](Interpreter& in, CallArgs& a) -> ObjPtr {  // uninitialised in PyTorch; zeros here
    ArgParser p(in, "torch.empty", a);
    Shape s = sizes_from(in, p, 0);
    Options o = read_options(in, p);
    MemoryFormat fmt = o.memory_format.value_or(MemoryFormat::Contiguous);
    return finish(in, native::empty(s, o.dtype.value_or(ctx().default_dtype), o.device, fmt), o.requires_grad);
  });
  def(torch, T, "rand", sized_factory("rand", tp::rand));
  def(torch, T, "randn", sized_factory("randn", tp::randn));
  def(torch, T, "zeros_like", like_factory("zeros_like", [](const Tensor& t, DType d, Device dev, MemoryFormat f) {
        return filled_like(t, 0, d, dev, f);
      }));
  def(torch, T, "ones_like", like_factory("ones_like", [](const Tensor& t, DType d, Device dev, MemoryFormat f) {
        return filled_like(t, 1, d, dev, f);
      }));
  def(torch, T, "empty_like", like_factory("empty_like", native::empty_like));
  def(torch, T, "rand_like", like_factory("rand_like", native::rand_like));
  def(torch, T, "randn_like", like_factory("randn_like", native::randn_like));

  def(torch, T, "full", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.full", a);
    Shape s = to_shape(in, {p.required("size", 0)});
    Scalar v = number_arg(in, p.required("fill_value", 1), "full", "fill_value");
    p.max_positional(2);
    Options o = read_options(in, p);
    native::check_scalar_fits(v, o.dtype.value_or(scalar_dtype(v)), /*storing=*/false);
    return finish(in, tp::full(s, v, o.dtype.value_or(scalar_dtype(v)), o.device), o.requires_grad);
  });
  def(torch, T, "full_like", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.full_like", a);
    const Tensor& t = tensor_arg(in, p.required("input", 0), "full_like", "input", 1);
    Scalar v = number_arg(in, p.required("fill_value", 1), "full_like", "fill_value");
    p.max_positional(2);
    Options o = read_options(in, p, t.device());
    MemoryFormat fmt = o.memory_format.value_or(MemoryFormat::Preserve);
    return finish(in, native::full_like(t, v, o.dtype.value_or(t.dtype()), o.device, fmt), o.requires_grad);
  });
  def(torch, T, "eye", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.eye", a);
    int64_t n = to_int(in, p.required("n", 0), "argument 'n'");
    ObjPtr mo = p.get("m", 1);
    int64_t m = is_none(mo) ? n : to_int(in, mo, "argument 'm'");
    p.max_positional(2);
    Options o = read_options(in, p);
    return finish(in, tp::eye(n, m, o.dtype.value_or(ctx().default_dtype), o.device), o.requires_grad);
  });
  def(torch, T, "arange", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.arange", a);
    p.max_positional(3);
    ObjPtr s0 = p.positional(0), s1 = p.positional(1), s2 = p.positional(2);
    ObjPtr start, end, step;
    if (p.count() == 1) {
      end = s0;
    } else {
      start = s0;
      end = s1;
      step = s2;
    }
    if (ObjPtr k = p.kw("start")) start = k;
    if (ObjPtr k = p.kw("end")) end = k;
    if (ObjPtr k = p.kw("step")) step = k;
    if (!end) throw TorchError("TypeError", "arange() missing 1 required positional arguments: \"end\"");
    Scalar st = start ? number_arg(in, start, "arange", "start") : Scalar::from_int(0);
    Scalar en = number_arg(in, end, "arange", "end");
    Scalar sp = step ? number_arg(in, step, "arange", "step") : Scalar::from_int(1);
    Options o = read_options(in, p);
    return finish(in, tp::arange(st, en, sp, o.dtype, o.device), o.requires_grad);
  });
  // torch.range(start, end, step=1): deprecated, warns every call (PyErr_WarnEx in
  // python_torch_functions_manual.cpp); dtype=None means the default dtype even for ints.
  def(torch, T, "range", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.range", a);
    Scalar st = number_arg(in, p.required("start", 0), "range", "start");
    Scalar en = number_arg(in, p.required("end", 1), "range", "end");
    ObjPtr step = p.get("step", 2);
    Scalar sp = step && !is_none(step) ? number_arg(in, step, "range", "step") : Scalar::from_int(1);
    p.max_positional(3);
    Options o = read_options(in, p);
    in.warn("torch.range is deprecated and will be removed in a future release because its behavior is inconsistent "
            "with Python's range builtin. Instead, use torch.arange, which produces values in [start, end).");
    return finish(in, tp::range(st, en, sp, o.dtype.value_or(ctx().default_dtype), o.device), o.requires_grad);
  });
  def(torch, T, "linspace", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.linspace", a);
    Scalar st = number_arg(in, p.required("start", 0), "linspace", "start");
    Scalar en = number_arg(in, p.required("end", 1), "linspace", "end");
    int64_t steps = to_int(in, p.required("steps", 2), "argument 'steps'");
    p.max_positional(3);
    Options o = read_options(in, p);
    return finish(in, tp::linspace(st, en, steps, o.dtype, o.device), o.requires_grad);
  });
  def(torch, T, "logspace", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.logspace", a);
    Scalar st = number_arg(in, p.required("start", 0), "logspace", "start");
    Scalar en = number_arg(in, p.required("end", 1), "logspace", "end");
    int64_t steps = to_int(in, p.required("steps", 2), "argument 'steps'");
    double base = double_arg(in, p.get("base", 3), 10.0);
    p.max_positional(4);
    Options o = read_options(in, p);
    return finish(in, tp::logspace(st, en, steps, base, o.dtype, o.device), o.requires_grad);
  });
  def(torch, T, "randint", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    // randint(high, size) or randint(low, high, size)
    ArgParser p(in, "torch.randint", a);
    p.max_positional(3);
    int64_t low = 0, high;
    ObjPtr size;
    if (p.count() == 3) {
      low = to_int(in, p.positional(0), "argument 'low'");
      high = to_int(in, p.positional(1), "argument 'high'");
      size = p.positional(2);
    } else if (p.count() == 2) {
      high = to_int(in, p.positional(0), "argument 'high'");
      size = p.positional(1);
    } else {
      if (ObjPtr k = p.kw("low")) low = to_int(in, k, "argument 'low'");
      ObjPtr h = p.count() == 1 ? p.positional(0) : p.kw("high");
      if (!h) throw TorchError("TypeError", "randint() missing 1 required positional arguments: \"high\"");
      high = to_int(in, h, "argument 'high'");
    }
    if (ObjPtr k = p.kw("size")) size = k;
    if (!size) throw TorchError("TypeError", "randint() missing 1 required positional arguments: \"size\"");
    Shape s = to_int_list(in, size, "argument 'size'");
    Options o = read_options(in, p);
    return finish(in, tp::randint(low, high, s, o.dtype.value_or(DType::Int64), o.device), o.requires_grad);
  });
  def(torch, T, "randperm", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.randperm", a);
    int64_t n = to_int(in, p.required("n", 0), "argument 'n'");
    p.max_positional(1);
    Options o = read_options(in, p);
    return finish(in, tp::randperm(n, o.dtype.value_or(DType::Int64), o.device), o.requires_grad);
  });

  // Legacy constructors. torch.Tensor is also the class (isinstance, type()), so it gets a call hook.
  struct Legacy { const char* name; DType dtype; };
  for (Legacy l : {Legacy{"FloatTensor", DType::Float32}, Legacy{"DoubleTensor", DType::Float64},
                   Legacy{"LongTensor", DType::Int64}, Legacy{"IntTensor", DType::Int32},
                   Legacy{"BoolTensor", DType::Bool}, Legacy{"ByteTensor", DType::UInt8},
                   Legacy{"CharTensor", DType::Int8}, Legacy{"ShortTensor", DType::Int16},
                   Legacy{"HalfTensor", DType::Float16}}) {
    auto cls = make_class(l.name);
    cls->set("__module__", in.make_str("torch"));
    std::string name = l.name;
    DType dt = l.dtype;
    cls->call_hook = [name, dt](Interpreter& in, CallArgs& a) { return legacy_new(in, a, dt, name); };
    torch.set(name, cls);
  }
  tc.call_hook = [](Interpreter& in, CallArgs& a) { return legacy_new(in, a, ctx().default_dtype, "Tensor"); };

  // ---------------------------------------------------------------- Tensor.new_*
  // dtype/device default to self's (tensor_new.cpp new_*); new_tensor warns for tensor data.
  const std::string M = "Tensor.";
  def(tc, M, "new_tensor", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    Tensor self = take_self(in, a);
    ArgParser p(in, "new_tensor", a);
    ObjPtr data = p.required("data", 0);
    p.max_positional(1);
    Options o = read_options(in, p, self.device());
    Tensor t = tensor_from_data(in, data, o.dtype.value_or(self.dtype()), o.device, o.device_given,
                                "tensor.new_tensor");
    return finish(in, t, o.requires_grad);
  });
  struct New { const char* name; SizedFactory f; };
  for (New n : {New{"new_zeros", tp::zeros}, New{"new_ones", tp::ones}, New{"new_empty", tp::zeros}}) {
    std::string name = n.name;
    SizedFactory f = n.f;
    def(tc, M, name, [name, f](Interpreter& in, CallArgs& a) -> ObjPtr {
      Tensor self = take_self(in, a);
      ArgParser p(in, name, a);
      Shape s = sizes_from(in, p, 0);
      Options o = read_options(in, p, self.device());
      return finish(in, f(s, o.dtype.value_or(self.dtype()), o.device), o.requires_grad);
    });
  }
  def(tc, M, "new_full", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    Tensor self = take_self(in, a);
    ArgParser p(in, "new_full", a);
    Shape s = to_shape(in, {p.required("size", 0)});
    Scalar v = number_arg(in, p.required("fill_value", 1), "new_full", "fill_value");
    p.max_positional(2);
    Options o = read_options(in, p, self.device());
    native::check_scalar_fits(v, o.dtype.value_or(self.dtype()), /*storing=*/false);
    return finish(in, tp::full(s, v, o.dtype.value_or(self.dtype()), o.device), o.requires_grad);
  });
}

}  // namespace tp::interp::lib
