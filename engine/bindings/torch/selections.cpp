// Data-dependent selections: nonzero (as_tuple=), argwhere, count_nonzero, unique (torch/functional.py
// _unique_impl without dim) and torch.nn.functional.one_hot. Results are int64 (unique keeps the
// input dtype for its values) and only unique's values can carry a grad_fn.
#include "autograd/math/clamp_round_lerp.h"
#include "core/error.h"
#include "bindings/install.h"

namespace tp::interp::lib {

namespace {

ObjPtr unique_call(Interpreter& in, const Tensor& self, ArgParser& p, size_t first) {
  bool sorted = bool_arg(in, p.get("sorted", first), true);
  bool return_inverse = bool_arg(in, p.get("return_inverse", first + 1), false);
  bool return_counts = bool_arg(in, p.get("return_counts", first + 2), false);
  ObjPtr dim = p.get("dim", first + 3);
  (void)sorted;  // the CPU kernel sorts either way
  if (!is_none(dim)) throw TorchError("NotImplementedError", "torch.unique(dim=...) is not supported by the playground");
  native::UniqueResult r = tp::unique(self);
  if (!return_inverse && !return_counts) return in.wrap_tensor(r.values);
  std::vector<Tensor> out{r.values};
  if (return_inverse) out.push_back(r.inverse);
  if (return_counts) out.push_back(r.counts);
  return wrap_tuple(in, out);
}

}  // namespace

void install_selections(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  method(tc, "nonzero", [](Interpreter& in, Tensor& self, ArgParser& p) {
    if (bool_arg(in, p.kw("as_tuple"), false)) return wrap_tuple(in, native::nonzero_tuple(self));
    return in.wrap_tensor(native::nonzero(self));
  }, &torch);
  method(tc, "argwhere", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(native::nonzero(self));
  }, &torch);
  method(tc, "count_nonzero", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(native::count_nonzero(self, dims_arg(in, p.get("dim", 0))));
  }, &torch);

  method(tc, "unique", [](Interpreter& in, Tensor& self, ArgParser& p) { return unique_call(in, self, p, 0); });
  def(torch, "torch.", "unique", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.unique", a);
    const Tensor& self = tensor_arg(in, p.required("input", 0), "unique", "input", 1);
    ObjPtr r = unique_call(in, self, p, 1);
    p.finish();
    return r;
  });

  auto F = in.find_module("torch.nn.functional");
  if (!F) throw InternalError("install_selections runs after install_nn");
  def(*F, "torch.nn.functional.", "one_hot", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "one_hot", a);
    const Tensor& self = tensor_arg(in, p.required("input", 0), "one_hot", "input", 1);
    int64_t num_classes = is_none(p.get("num_classes", 1)) ? -1 : to_int(in, p.get("num_classes", 1), "argument 'num_classes'");
    p.finish();
    return in.wrap_tensor(native::one_hot(self, num_classes));
  });
}

}  // namespace tp::interp::lib
