// nansum / nanmean / dist / quantile / nanquantile (Tensor methods and torch.*) and torch.trapezoid / trapz /
// cumulative_trapezoid(y, x=None, *, dx=None, dim=-1) (autograd/math/statistics.h).
#include <cstdio>

#include "autograd/math/quantile.h"
#include "autograd/math/statistics.h"
#include "core/error.h"
#include "bindings/install.h"

namespace tp::interp::lib {

void install_statistics(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
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
  method(tc, "cov", [](Interpreter& in, Tensor& self, ArgParser& p) {
    ObjPtr c = p.kw("correction"), fw = p.kw("fweights"), aw = p.kw("aweights");
    int64_t correction = is_none(c) ? 1 : to_int(in, c, "argument 'correction'");
    Tensor f = is_none(fw) ? Tensor() : tensor_arg(in, fw, "cov", "fweights", 3);
    Tensor a = is_none(aw) ? Tensor() : tensor_arg(in, aw, "cov", "aweights", 4);
    return in.wrap_tensor(tp::cov(self, correction, f, a));
  }, &torch);
  method(tc, "corrcoef", [](Interpreter& in, Tensor& self, ArgParser&) { return in.wrap_tensor(tp::corrcoef(self)); },
         &torch);
  // histc(bins=100, min=0, max=0): derivatives.yaml marks it not differentiable.
  method(tc, "histc", [](Interpreter& in, Tensor& self, ArgParser& p) {
    ObjPtr b = p.get("bins", 0), lo = p.get("min", 1), hi = p.get("max", 2);
    int64_t bins = is_none(b) ? 100 : to_int(in, b, "argument 'bins'");
    return in.wrap_tensor(native::histc(self, bins, double_arg(in, lo, 0.0), double_arg(in, hi, 0.0)));
  }, &torch);
  // quantile / nanquantile(q, dim=None, keepdim=False, *, interpolation='linear'); a Python float q is
  // range-checked and becomes a 0-dim tensor of self's dtype.
  for (bool nan : {false, true}) {
    method(tc, nan ? "nanquantile" : "quantile", [nan](Interpreter& in, Tensor& self, ArgParser& p) {
      ObjPtr qo = p.required("q", 0);
      auto dim = opt_int(in, p.get("dim", 1), "argument 'dim'");
      bool keepdim = bool_arg(in, p.get("keepdim", 2), false);
      ObjPtr io = p.kw("interpolation");
      std::string interp = is_none(io) ? "linear" : to_str(in, io, "argument 'interpolation'");
      Tensor q;
      if (is_tensor(qo)) {
        q = tensor_of(qo);
      } else {
        double qv = to_double(in, qo, "argument 'q'");
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g", qv);  // operator<< of a double
        TP_CHECK(qv >= 0 && qv <= 1, std::string("quantile() q must be in the range [0, 1] but got ") + buf);
        q = native::full({}, Scalar::from_double(qv), self.dtype(), self.device());
      }
      return in.wrap_tensor(tp::quantile(self, q, dim, keepdim, interp, nan));
    }, &torch);
  }
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
