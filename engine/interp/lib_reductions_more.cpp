// nansum / nanmean / dist (Tensor methods and torch.*) and torch.trapezoid / trapz /
// cumulative_trapezoid(y, x=None, *, dx=None, dim=-1) (autograd/reductions_more.h).
#include "autograd/reductions_more.h"
#include "core/error.h"
#include "interp/lib_install.h"

namespace tp::interp::lib {

void install_reductions_more(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  for (bool mean : {false, true}) {
    method(tc, mean ? "nanmean" : "nansum", [mean](Interpreter& in, Tensor& self, ArgParser& p) {
      auto dims = dims_arg(in, p.get("dim", 0));
      bool keepdim = bool_arg(in, p.get("keepdim", 1), false);
      auto dtype = opt_dtype(p.kw("dtype"));
      return in.wrap_tensor(mean ? tp::nanmean(self, dims, keepdim, dtype) : tp::nansum(self, dims, keepdim, dtype));
    }, &torch);
  }
  method(tc, "dist", [](Interpreter& in, Tensor& self, ArgParser& p) {
    const Tensor& other = tensor_arg(in, p.required("other", 0), "dist", "other", 2);
    return in.wrap_tensor(tp::dist(self, other, double_arg(in, p.get("p", 1), 2.0)));
  }, &torch);
  for (const char* n : {"trapezoid", "trapz", "cumulative_trapezoid"}) {
    std::string name = n;
    def(torch, "torch.", name, [name](Interpreter& in, CallArgs& a) -> ObjPtr {
      ArgParser p(in, "torch." + name, a);
      const Tensor& y = tensor_arg(in, p.required("y", 0), name, "y", 1);
      ObjPtr x = p.get("x", 1), dx = p.kw("dx"), d = p.kw("dim");
      p.max_positional(2);
      p.finish();
      int64_t dim = is_none(d) ? -1 : to_int(in, d, "argument 'dim'");
      bool cumulative = name == "cumulative_trapezoid";
      if (!is_none(x)) {
        if (!is_none(dx))
          throw TorchError("TypeError", name + "() received an invalid combination of arguments");
        const Tensor& xt = tensor_arg(in, x, name, "x", 2);
        return in.wrap_tensor(cumulative ? tp::cumulative_trapezoid(y, xt, dim) : tp::trapezoid(y, xt, dim));
      }
      Scalar step = is_none(dx) ? Scalar::from_int(1) : to_scalar(dx);
      if (name == "trapz" && !is_none(dx)) step = Scalar::from_double(to_double(in, dx, "argument 'dx'"));
      return in.wrap_tensor(cumulative ? tp::cumulative_trapezoid(y, step, dim) : tp::trapezoid(y, step, dim));
    });
  }
}

}  // namespace tp::interp::lib
