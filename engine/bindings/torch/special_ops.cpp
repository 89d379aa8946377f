// torch.logit / Tensor.logit(_) (eps=None), heaviside(_) and torch.isin(elements, test_elements, *,
// assume_unique=False, invert=False) with Python numbers for either side (autograd/math/special_ops.h).
#include "autograd/math/special_ops.h"
#include "core/error.h"
#include "bindings/install.h"

namespace tp::interp::lib {

void install_special_ops(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  for (bool inplace : {false, true}) {
    method(tc, inplace ? "logit_" : "logit", [inplace](Interpreter& in, Tensor& self, ArgParser& p) {
      ObjPtr e = p.get("eps", 0);
      std::optional<double> eps;
      if (!is_none(e)) eps = to_double(in, e, "argument 'eps'");
      return in.wrap_tensor(inplace ? tp::logit_(self, eps) : tp::logit(self, eps));
    }, inplace ? nullptr : &torch);
  }
  method(tc, "heaviside", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::heaviside(self, tensor_arg(in, p.required("values", 0), "heaviside", "values", 2)));
  }, &torch);
  method(tc, "heaviside_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    Tensor r = tp::heaviside(self, tensor_arg(in, p.required("values", 0), "heaviside_", "values", 2));
    tp::copy_(self, r);
    return in.wrap_tensor(self);
  });
  def(torch, "torch.", "isin", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.isin", a);
    ObjPtr e = p.required("elements", 0), t = p.required("test_elements", 1);
    p.kw("assume_unique");
    bool invert = bool_arg(in, p.kw("invert"), false);
    p.finish();
    if (!is_tensor(e) && !is_tensor(t))
      throw TorchError("TypeError", "isin() received an invalid combination of arguments");
    Tensor et = is_tensor(e) ? tensor_of(e) : operand(in, e, "isin", "elements", 1);
    Tensor tt = is_tensor(t) ? tensor_of(t) : operand(in, t, "isin", "test_elements", 2);
    return in.wrap_tensor(tp::isin(et, tt, invert));
  });
}

}  // namespace tp::interp::lib
