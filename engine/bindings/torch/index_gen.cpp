// torch.tril_indices / triu_indices, bincount, cartesian_prod and Tensor.addmm_.
#include "core/error.h"
#include "bindings/install.h"

namespace tp::interp::lib {

void install_index_gen(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  for (const char* n : {"tril_indices", "triu_indices"}) {
    std::string name = n;
    bool lower = name == "tril_indices";
    def(torch, "torch.", name, [name, lower](Interpreter& in, CallArgs& a) -> ObjPtr {
      ArgParser p(in, "torch." + name, a);
      int64_t row = to_int(in, p.required("row", 0), "argument 'row'");
      int64_t col = to_int(in, p.required("col", 1), "argument 'col'");
      ObjPtr off = p.get("offset", 2);
      int64_t offset = is_none(off) ? 0 : to_int(in, off, "argument 'offset'");
      DType dt = opt_dtype(p.kw("dtype")).value_or(DType::Int64);
      Device dev = device_or(p.kw("device"), Device{});
      p.kw("layout");
      p.finish();
      return in.wrap_tensor(native::tri_indices(row, col, offset, lower, dt, dev));
    });
  }
  method(tc, "bincount", [](Interpreter& in, Tensor& self, ArgParser& p) {
    ObjPtr w = p.get("weights", 0), ml = p.get("minlength", 1);
    Tensor weights = is_none(w) ? Tensor() : tensor_arg(in, w, "bincount", "weights", 2);
    return in.wrap_tensor(native::bincount(self, weights, is_none(ml) ? 0 : to_int(in, ml, "argument 'minlength'")));
  }, &torch);
  // Itertools.cpp cartesian_prod: meshgrid(indexing="ij") of 1-D tensors, flattened and stacked on
  // dim 1 (StackBackward0); a single tensor is returned as it is.
  def(torch, "torch.", "cartesian_prod", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    if (!a.kwargs.empty())  // torch/functional.py def cartesian_prod(*tensors)
      throw TorchError("TypeError", "cartesian_prod() got an unexpected keyword argument '" + a.kwargs[0].first + "'");
    std::vector<Tensor> ts;
    for (auto& it : a.args) {
      if (!is_tensor(it))
        throw TorchError("TypeError", "expected Tensor as element " + std::to_string(ts.size()) +
                                          " in argument 0, but got " + in.type_name(it));
      const Tensor& t = tensor_of(it);
      TP_CHECK(t.dim() == 1, "Expect a 1D vector, but got shape " + shape_str(t.sizes()));
      ts.push_back(t);
    }
    if (ts.size() == 1) return a.args[0];
    TP_CHECK(!ts.empty(), "meshgrid expects a non-empty TensorList");
    Shape shape;
    for (const Tensor& t : ts) shape.push_back(t.numel());
    std::vector<Tensor> cols;
    for (size_t i = 0; i < ts.size(); ++i) {
      Shape v(ts.size(), 1);
      v[i] = -1;
      cols.push_back(tp::flatten(tp::expand(tp::view(ts[i], v), shape), 0, -1));
    }
    return in.wrap_tensor(tp::stack(cols, 1));
  });
  method(tc, "addmm_", [](Interpreter& in, Tensor& self, ArgParser& p) {
    const Tensor& m1 = tensor_arg(in, p.required("mat1", 0), "addmm_", "mat1", 1);
    const Tensor& m2 = tensor_arg(in, p.required("mat2", 1), "addmm_", "mat2", 2);
    return in.wrap_tensor(tp::addmm_(self, m1, m2, kw_scalar(p, "beta"), kw_scalar(p, "alpha")));
  });
}

}  // namespace tp::interp::lib
