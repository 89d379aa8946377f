// torch.diag_embed / diagflat (also Tensor methods), torch.block_diag(*tensors) and
// torch.vander(x, N=None, increasing=False) (autograd/shape/matrix_builders.h).
#include "autograd/shape/matrix_builders.h"
#include "core/error.h"
#include "bindings/install.h"

namespace tp::interp::lib {

void install_matrix_builders(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  method(tc, "diag_embed", [](Interpreter& in, Tensor& self, ArgParser& p) {
    auto arg = [&](const char* name, size_t i, int64_t dflt) {
      ObjPtr o = p.get(name, i);
      return is_none(o) ? dflt : to_int(in, o, std::string("argument '") + name + "'");
    };
    int64_t offset = arg("offset", 0, 0), d1 = arg("dim1", 1, -2), d2 = arg("dim2", 2, -1);
    return in.wrap_tensor(tp::diag_embed(self, offset, d1, d2));
  }, &torch);
  method(tc, "diagflat", [](Interpreter& in, Tensor& self, ArgParser& p) {
    ObjPtr o = p.get("offset", 0);
    return in.wrap_tensor(tp::diagflat(self, is_none(o) ? 0 : to_int(in, o, "argument 'offset'")));
  }, &torch);
  def(torch, "torch.", "block_diag", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    for (auto& kw : a.kwargs)
      throw TorchError("TypeError", "block_diag() got an unexpected keyword argument '" + kw.first + "'");
    std::vector<Tensor> ts;
    for (size_t i = 0; i < a.args.size(); ++i) {
      if (!is_tensor(a.args[i]))
        throw TorchError("TypeError", "expected Tensor as element " + std::to_string(i) +
                                          " in argument 0, but got " + in.type_name(a.args[i]));
      ts.push_back(tensor_of(a.args[i]));
    }
    return in.wrap_tensor(tp::block_diag(ts));
  });
  def(torch, "torch.", "vander", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.vander", a);
    const Tensor& x = tensor_arg(in, p.required("x", 0), "vander", "x", 1);
    auto N = opt_int(in, p.get("N", 1), "argument 'N'");
    bool increasing = bool_arg(in, p.get("increasing", 2), false);
    p.finish();
    return in.wrap_tensor(tp::vander(x, N, increasing));
  });
}

}  // namespace tp::interp::lib
