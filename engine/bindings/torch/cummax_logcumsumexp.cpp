// cummax / cummin / mode (torch.return_types.*) and logcumsumexp, as Tensor methods and
// torch.* functions (autograd/math/cummax_logcumsumexp.h).
#include "autograd/math/cummax_logcumsumexp.h"
#include "core/error.h"
#include "bindings/install.h"

namespace tp::interp::lib {

void install_cummax_logcumsumexp(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  for (bool is_max : {true, false}) {
    std::string name = is_max ? "cummax" : "cummin";
    method(tc, name, [is_max, name](Interpreter& in, Tensor& self, ArgParser& p) {
      int64_t dim = to_int(in, p.required("dim", 0), "argument 'dim'");
      auto r = is_max ? tp::cummax(self, dim) : tp::cummin(self, dim);
      return make_struct_seq(in, "torch.return_types." + name, {"values", "indices"},
                             {in.wrap_tensor(r.first), in.wrap_tensor(r.second)});
    }, &torch);
  }
  // mode(dim=-1, keepdim=False) -> torch.return_types.mode(values, indices)
  method(tc, "mode", [](Interpreter& in, Tensor& self, ArgParser& p) {
    ObjPtr d = p.get("dim", 0);
    int64_t dim = is_none(d) ? -1 : to_int(in, d, "argument 'dim'");
    auto r = tp::mode(self, dim, bool_arg(in, p.get("keepdim", 1), false));
    return make_struct_seq(in, "torch.return_types.mode", {"values", "indices"},
                           {in.wrap_tensor(r.first), in.wrap_tensor(r.second)});
  }, &torch);
  method(tc, "logcumsumexp", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::logcumsumexp(self, to_int(in, p.required("dim", 0), "argument 'dim'")));
  }, &torch);
}

}  // namespace tp::interp::lib
