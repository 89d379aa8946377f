// Tensor.unflatten / torch.unflatten, Tensor.sum_to_size, masked_scatter(_), is_nonzero,
// torch.randint_like, torch.asarray and the torch.concatenate alias of torch.cat (autograd/shape/tensor_extras.h).
#include "autograd/shape/tensor_extras.h"
#include "core/error.h"
#include "bindings/install.h"

namespace tp::interp::lib {

void install_tensor_extras(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  // torch/_tensor.py unflatten(dim, sizes): an empty sizes is refused before the native op.
  method(tc, "unflatten", [](Interpreter& in, Tensor& self, ArgParser& p) {
    int64_t dim = to_int(in, p.required("dim", 0), "argument 'dim'");
    ObjPtr s = p.required("sizes", 1);
    Shape sizes = to_int_list(in, s, "argument 'sizes'");
    if (sizes.empty()) throw TorchError("RuntimeError", "unflatten: sizes must be non-empty");
    return in.wrap_tensor(tp::unflatten(self, dim, sizes));
  }, &torch);
  method(tc, "sum_to_size", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::sum_to_size(self, sizes_from(in, p, 0)));
  });
  method(tc, "masked_scatter", [](Interpreter& in, Tensor& self, ArgParser& p) {
    const Tensor& mask = tensor_arg(in, p.required("mask", 0), "masked_scatter", "mask", 2);
    const Tensor& src = tensor_arg(in, p.required("source", 1), "masked_scatter", "source", 3);
    return in.wrap_tensor(tp::masked_scatter(self, mask, src));
  }, &torch);
  method(tc, "masked_scatter_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    const Tensor& mask = tensor_arg(in, p.required("mask", 0), "masked_scatter_", "mask", 2);
    const Tensor& src = tensor_arg(in, p.required("source", 1), "masked_scatter_", "source", 3);
    return in.wrap_tensor(tp::masked_scatter_(self, mask, src));
  });
  method(tc, "is_nonzero", [](Interpreter& in, Tensor& self, ArgParser&) {
    return in.make_bool(tp::is_nonzero(self));
  }, &torch);

  // randint_like(input, high) / randint_like(input, low, high): empty_like(input).random_(low, high),
  // the same stream as torch.randint for a contiguous input.
  def(torch, "torch.", "randint_like", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.randint_like", a);
    const Tensor& self = tensor_arg(in, p.required("input", 0), "randint_like", "input", 1);
    p.max_positional(3);
    int64_t low = 0, high;
    if (p.count() == 3) {
      low = to_int(in, p.positional(1), "argument 'low'");
      high = to_int(in, p.positional(2), "argument 'high'");
    } else {
      if (ObjPtr k = p.kw("low")) low = to_int(in, k, "argument 'low'");
      ObjPtr h = p.count() == 2 ? p.positional(1) : p.kw("high");
      if (!h) throw TorchError("TypeError", "randint_like() missing 1 required positional arguments: \"high\"");
      high = to_int(in, h, "argument 'high'");
    }
    DType dt = opt_dtype(p.kw("dtype")).value_or(self.dtype());
    Device dev = device_or(p.kw("device"), self.device());
    bool rg = bool_arg(in, p.kw("requires_grad"), false);
    p.kw("layout");
    ObjPtr mf = p.kw("memory_format");
    p.finish();
    if (!self.is_contiguous() || (!is_none(mf) && in.repr(mf) != "torch.preserve_format"))
      throw TorchError("NotImplementedError",
                       "tensorplay: randint_like of a non-contiguous input (or with memory_format=) is not supported");
    Tensor out = tp::randint(low, high, self.sizes(), dt, dev);
    if (rg) tp::set_factory_requires_grad(out, true);
    return in.wrap_tensor(out);
  });
  torch.set("concatenate", torch.get("cat"));

  // torch/csrc/utils/tensor_new.cpp asarray(obj, *, dtype=None, device=None, copy=None,
  // requires_grad=False): tensors and ndarrays are aliased unless a copy is asked for (copy=True) or
  // needed (copy=None with another dtype / device); copy=False refuses what cannot alias; anything
  // else is built like torch.tensor (dtype inferred unless given).
  def(torch, "torch.", "asarray", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.asarray", a);
    ObjPtr obj = p.required("obj", 0);
    p.max_positional(1);
    auto dtype = opt_dtype(p.kw("dtype"));
    ObjPtr dev = p.kw("device");
    ObjPtr copy_o = p.kw("copy");
    ObjPtr rg_o = p.kw("requires_grad");
    p.finish();
    std::optional<bool> copy;
    if (!is_none(copy_o)) copy = to_bool(in, copy_o);
    const bool force_copy = copy.value_or(false), force_alias = !copy.value_or(true);
    const bool requires_grad = bool_arg(in, rg_o, false);
    std::optional<Device> device;
    if (!is_none(dev)) device = to_device(dev);
    if (is_tensor(obj) || is_ndarray(obj)) {
      Tensor t = is_tensor(obj) ? tensor_of(obj) : share_storage(array_of(obj));
      // The requires_grad argument changed from bool to optional<bool> across 2.x releases, which
      // decides whether asarray(t) of a tensor requiring grad resets it: refuse that case.
      if (t.requires_grad() && is_none(rg_o))
        throw TorchError("NotImplementedError", "tensorplay: torch.asarray of a tensor that requires grad needs an "
                                                "explicit requires_grad= (its default differs across PyTorch 2.x releases)");
      const bool wrong_device = device && *device != t.device();
      const bool wrong_dtype = dtype && *dtype != t.dtype();
      const bool needs_copying = !copy && (wrong_device || wrong_dtype);
      if (force_copy || needs_copying) {
        t = wrong_device || wrong_dtype ? tp::to(t, dtype.value_or(t.dtype()), device.value_or(t.device()), force_copy)
                                        : tp::clone(t);
      } else {
        if (wrong_device)
          throw TorchError("ValueError", "can't alias tensor from device '" + t.device().str() + "' to '" +
                                             device->str() + "'.");
        if (wrong_dtype)
          throw TorchError("ValueError", "can't alias tensor with dtype '" + scalar_type_name(t.dtype()) +
                                             "' into dtype '" + scalar_type_name(*dtype) + "'.");
      }
      if (!tp::is_leaf(t) && !requires_grad) t = tp::detach(t);
      else tp::requires_grad_(t, requires_grad);
      return in.wrap_tensor(t);
    }
    if (force_alias) throw TorchError("ValueError", "can't alias arbitrary sequence into a tensor.");
    Tensor t = tensor_from_data(in, obj, dtype, device.value_or(Device{}), device.has_value(), "");
    if (requires_grad) tp::set_factory_requires_grad(t, true);
    return in.wrap_tensor(t);
  });

  // functional.py unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
  // output alone, or a tuple with the inverse and / or the counts asked for.
  auto unique_consecutive = [](Interpreter& in, const Tensor& self, ArgParser& p, size_t first) -> ObjPtr {
    bool inv = bool_arg(in, p.get("return_inverse", first), false);
    bool cnt = bool_arg(in, p.get("return_counts", first + 1), false);
    auto dim = opt_int(in, p.get("dim", first + 2), "argument 'dim'");
    native::UniqueResult r = tp::unique_consecutive(self, inv, cnt, dim);
    if (!inv && !cnt) return in.wrap_tensor(r.values);
    std::vector<ObjPtr> items{in.wrap_tensor(r.values)};
    if (inv) items.push_back(in.wrap_tensor(r.inverse));
    if (cnt) items.push_back(in.wrap_tensor(r.counts));
    return in.make_tuple(items);
  };
  method(tc, "unique_consecutive", [unique_consecutive](Interpreter& in, Tensor& self, ArgParser& p) {
    return unique_consecutive(in, self, p, 0);
  });
  def(torch, "torch.", "unique_consecutive", [unique_consecutive](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.unique_consecutive", a);
    const Tensor& self = tensor_arg(in, p.required("input", 0), "unique_consecutive", "input", 1);
    ObjPtr r = unique_consecutive(in, self, p, 1);
    p.finish();
    return r;
  });
}

}  // namespace tp::interp::lib
