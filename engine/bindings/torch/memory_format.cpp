// torch.memory_format objects and the bindings that take raw strides or change sizes in place:
// torch.empty_strided, Tensor.new_empty_strided, Tensor.resize_ / resize_as_.
#include "bindings/torch/memory_format.h"

#include "autograd/functions.h"
#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"

namespace tp::interp::lib {

namespace {

constexpr const char* kFormatAttr = "_memory_format";  // the enum, as an int

bool is_memory_format(const ObjPtr& o) {
  return o && o->kind == Kind::Instance && cast<InstanceObj>(o).type_name == "memory_format";
}

// empty_strided(size, stride, *, dtype=None, layout=None, device=None, requires_grad=False, pin_memory=False)
ObjPtr strided_factory(Interpreter& in, ArgParser& p, DType default_dtype, Device default_device) {
  Shape size = to_int_list(in, p.required("size", 0), "argument 'size'");
  Shape stride = to_int_list(in, p.required("stride", 1), "argument 'stride'");
  p.max_positional(2);
  DType dtype = opt_dtype(p.kw("dtype")).value_or(default_dtype);
  Device device = device_or(p.kw("device"), default_device);
  bool requires_grad = bool_arg(in, p.kw("requires_grad"), false);
  p.kw("layout");
  p.kw("pin_memory");
  p.finish();
  Tensor t = native::empty_strided_checked(size, stride, dtype, device);
  if (requires_grad) set_factory_requires_grad(t, true);
  return in.wrap_tensor(t);
}

}  // namespace

std::optional<MemoryFormat> opt_memory_format(Interpreter& in, const ObjPtr& o, const std::string& fn) {
  if (is_none(o)) return std::nullopt;
  if (!is_memory_format(o))
    throw TorchError("TypeError", (fn.rfind("torch.", 0) == 0 ? fn.substr(6) : fn) + "(): argument 'memory_format' must be torch.memory_format, not " +
                                      in.type_name(o));
  return MemoryFormat(cast<IntObj>(cast<InstanceObj>(o).get(kFormatAttr)).value);
}

void install_memory_formats(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  auto cls = make_class("memory_format");
  cls->set("__module__", in.make_str("torch"));
  torch.set("memory_format", cls);
  struct Named { const char* name; MemoryFormat f; };
  for (Named n : {Named{"contiguous_format", MemoryFormat::Contiguous}, Named{"preserve_format", MemoryFormat::Preserve},
                  Named{"channels_last", MemoryFormat::ChannelsLast},
                  Named{"channels_last_3d", MemoryFormat::ChannelsLast3d}}) {
    auto o = std::make_shared<InstanceObj>("memory_format");
    o->cls = cls;
    o->set(kFormatAttr, in.make_int(int64_t(n.f)));
    MemoryFormat f = n.f;
    o->repr_hook = [f](Interpreter&) { return memory_format_repr(f); };
    torch.set(n.name, o);
  }

  def(torch, "torch.", "empty_strided", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.empty_strided", a);
    return strided_factory(in, p, ctx().default_dtype, Device{});
  });
  def(tc, "Tensor.", "new_empty_strided", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    Tensor self = take_self(in, a);
    ArgParser p(in, "new_empty_strided", a);
    return strided_factory(in, p, self.dtype(), self.device());
  });
  method(tc, "resize_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    Shape sizes = sizes_from(in, p, 0);
    auto fmt = opt_memory_format(in, p.kw("memory_format"), "resize_");
    return in.wrap_tensor(tp::resize_(self, sizes, fmt));
  });
  method(tc, "resize_as_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    const Tensor& other = tensor_arg(in, p.required("the_template", 0), "resize_as_", "the_template", 1);
    auto fmt = opt_memory_format(in, p.kw("memory_format"), "resize_as_");
    return in.wrap_tensor(tp::resize_as_(self, other, fmt));
  });
}

}  // namespace tp::interp::lib
