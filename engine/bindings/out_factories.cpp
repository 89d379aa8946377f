// out= for the torch factories: Note [Factories with out=].
#include "autograd/functions.h"
#include "bindings/common.h"
#include "bindings/install.h"
#include "bindings/library_variant.h"

#include "core/error.h"
#include "ops/native.h"

namespace tp::interp::lib {

// Note [Factories with out=]:
// factories (zeros, ones, full, empty, rand, randn, randint, randperm, eye, arange, range, linspace,
// logspace) with out=: the generated python_torch_functions check dtype= / device= against out
// (check_out_type_matches: "dtype Double does not match dtype of out parameter (Float)"), then the
// *_out function fills out in its own dtype: zeros_out and the like call result.resize_(size) (no
// warning), arange_out / range_out / linspace_out / logspace_out resize only when the element count
// differs (an out of another shape with the right count keeps its shape); empty_out only resizes;
// fills (zeros, ones, full) ignore overlap as fill_ does; the out op bumps out's version once; the
// call returns out with requires_grad=... applied. They have no differentiable input, so no autograd
// refusal.
namespace {

enum class FactoryOut { Resize, ResizeIfCountDiffers, Fill, Empty };

void add_factory_out_variant(ModuleObj& torch, const std::string& name, FactoryOut kind) {
  ObjPtr plain = torch.get(name);
  if (!full_library()) return add_core_out_variant(torch, name, plain);
  TP_INTERNAL_ASSERT(plain != nullptr, "out= for a missing torch." + name);
  def(torch, "torch.", name, [plain, name, kind](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr out, dtype, device, requires_grad;
    std::vector<std::pair<std::string, ObjPtr>> kept;
    for (auto& kv : a.kwargs) {
      if (kv.first == "out") out = kv.second;
      else if (kv.first == "requires_grad") requires_grad = kv.second;
      else {
        if (kv.first == "dtype") dtype = kv.second;
        if (kv.first == "device") device = kv.second;
        kept.push_back(kv);
      }
    }
    if (is_none(out)) return in.call(plain, std::move(a));
    if (!is_tensor(out))
      throw TorchError("TypeError", name + "(): argument 'out' must be Tensor, not " + in.type_name(out));
    const Tensor& o = tensor_of(out);
    a.kwargs = kept;
    if (!is_none(dtype)) {
      TP_CHECK(to_dtype(dtype) == o.dtype(), "dtype " + scalar_type_name(to_dtype(dtype)) +
                                                 " does not match dtype of out parameter (" +
                                                 scalar_type_name(o.dtype()) + ")");
    } else {
      a.kwargs.emplace_back("dtype", dtype_obj(in, o.dtype()));  // the *_out kernel fills out's dtype
    }
    if (!is_none(device)) {
      Device d = device_or(device, o.device());
      TP_CHECK(d.type == o.device().type, "device type " + d.type_name() + " does not match device type of out parameter (" +
                                              o.device().type_name() + ")");
    }
    Tensor result = tensor_of(in.call(plain, std::move(a)));
    if (kind != FactoryOut::ResizeIfCountDiffers || o.numel() != result.numel()) native::resize_(o, result.sizes(), std::nullopt);
    if (kind == FactoryOut::Empty) {
      o.bump_version();
    } else if (kind == FactoryOut::Fill) {
      if (o.numel() > 0) native::fill_(o, native::item(native::select(native::reshape(result, {-1}), 0, 0)));
      else o.bump_version();
    } else {
      native::write_result_(o, native::reshape(result, o.sizes()));
    }
    if (!is_none(requires_grad) && in.truthy(requires_grad)) tp::set_factory_requires_grad(o, true);
    return out;
  });
}

}  // namespace

void install_factory_out_arguments(Interpreter& in, ModuleObj& torch) {
  (void)in;
  for (const char* n : {"zeros", "ones", "full"}) add_factory_out_variant(torch, n, FactoryOut::Fill);
  for (const char* n : {"rand", "randn", "randint", "randperm", "eye"}) add_factory_out_variant(torch, n, FactoryOut::Resize);
  for (const char* n : {"arange", "range", "linspace", "logspace"})
    add_factory_out_variant(torch, n, FactoryOut::ResizeIfCountDiffers);
  add_factory_out_variant(torch, "empty", FactoryOut::Empty);
}

}  // namespace tp::interp::lib
