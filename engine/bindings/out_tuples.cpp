// out=(values, indices) and the like for torch.max / min / sort / topk / aminmax / cummax / cummin /
// kthvalue / median / mode: the tuple part of Note [out= arguments].
#include "bindings/common.h"
#include "bindings/install.h"
#include "bindings/library_variant.h"

#include "core/context.h"
#include "core/error.h"
#include "ops/native.h"

namespace tp::interp::lib {

namespace {

ObjPtr reduction_with_indices_out(Interpreter& in, const std::string& name, const CallArgs& given, const Tensor& self,
                                  const std::vector<ObjPtr>& outs, const ObjPtr& r);
ObjPtr median_out(Interpreter& in, const Tensor& self, const std::vector<ObjPtr>& outs, const ObjPtr& r);
ObjPtr mode_out(Interpreter& in, const ObjPtr& plain, CallArgs& a, const Tensor& self, const std::vector<ObjPtr>& outs);

// torch.max / min / sort / topk / aminmax with out=(a, b): see Note [out= arguments]. `binary` is
// the op max(input, other, out=t) calls (maximum), or empty.
void add_tuple_out_variant(Interpreter& in, ModuleObj& torch, const std::string& name, std::vector<std::string> fields,
                           bool needs_dim, const std::string& binary, bool cumulative = false) {
  ObjPtr plain = torch.get(name);
  if (!full_library()) return add_core_out_variant(torch, name, plain);
  TP_INTERNAL_ASSERT(plain != nullptr, "out= for a missing torch." + name);
  def(torch, "torch.", name, [plain, name, fields, needs_dim, binary, cumulative](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr out = pop_out_kwarg(a);
    if (is_none(out)) return in.call(plain, std::move(a));
    std::vector<Tensor> inputs;
    for (const auto& x : a.args)
      if (is_tensor(x)) inputs.push_back(tensor_of(x));
    for (const auto& kv : a.kwargs)
      if (is_tensor(kv.second)) inputs.push_back(tensor_of(kv.second));
    Tensor other = tensor_param(a, 1, "other");
    if (!binary.empty() && other.defined()) {  // max.out(self, other, *, out): maximum_out
      if (!is_tensor(out))
        throw TorchError("TypeError", name + "(): argument 'out' must be Tensor, not " + in.type_name(out));
      const Tensor& o = tensor_of(out);
      check_out_requires_grad(binary, inputs, o);
      native::check_no_internal_overlap(o);
      for (const auto& t : inputs)
        if (!t.is_same(o)) native::check_no_partial_overlap(o, t);
      Tensor result = tensor_of(in.call(plain, std::move(a)));
      TP_CHECK(can_cast(result.dtype(), o.dtype()), "result type " + scalar_type_name(result.dtype()) +
                                                        " can't be cast to the desired output type " +
                                                        scalar_type_name(o.dtype()));
      resize_output(o, result.sizes());
      native::write_result_(o, result);
      return out;
    }
    bool has_dim = a.args.size() > 1 || has_kwarg(a, "dim");
    if (name == "median" && !has_dim) {  // median(Tensor self) has no out overload Python binds
      CallArgs given = a;
      given.kwargs.emplace_back("out", out);
      throw_invalid_combination(in, name, given, *torch_signatures("median"));
    }
    bool pair = (out->kind == Kind::Tuple || out->kind == Kind::List) && sequence_items(in, out).size() == fields.size();
    std::vector<ObjPtr> outs = pair ? sequence_items(in, out) : std::vector<ObjPtr>{};
    for (const auto& o : outs) pair = pair && is_tensor(o);
    if (!pair || (needs_dim && !has_dim))  // PyTorch's overload resolution messages are not built
      throw TorchError("NotImplementedError", "tensorplay: " + name + "(out=...) is supported with out=(" +
                                                  fields[0] + ", " + fields[1] + ")" +
                                                  (needs_dim ? " and a dim" : "") + " only");
    check_out_requires_grad(name, inputs, tensor_of(outs[0]));
    check_out_requires_grad(name, {}, tensor_of(outs[1]));
    if (cumulative && !inputs.empty()) {
      const Tensor& self = inputs[0];
      DType want[2] = {self.dtype(), DType::Int64};
      for (size_t i = 0; i < 2; ++i)
        TP_CHECK(tensor_of(outs[i]).dtype() == want[i], "expected scalar_type " + scalar_type_name(want[i]) +
                                                            " but found " + scalar_type_name(tensor_of(outs[i]).dtype()));
      for (const auto& o : outs) resize_output(tensor_of(o), self.sizes());
    }
    if (name == "kthvalue" && !inputs.empty()) {
      CallArgs given = a;
      ObjPtr r = in.call(plain, std::move(a));  // k and dim errors come first
      return reduction_with_indices_out(in, name, given, inputs[0], outs, r);
    }
    if (name == "median" && !inputs.empty()) {
      ObjPtr r = in.call(plain, std::move(a));  // dim and empty-input errors come first
      return median_out(in, inputs[0], outs, r);
    }
    if (name == "mode" && !inputs.empty()) return mode_out(in, plain, a, inputs[0], outs);
    ObjPtr r = in.call(plain, std::move(a));
    std::vector<Tensor> results;
    for (const auto& f : fields) results.push_back(tensor_of(in.getattr(r, f)));
    for (size_t i = 0; i < outs.size() && !cumulative; ++i) {  // the structured resize_out, output by output
      check_structured_out(results[i], tensor_of(outs[i]));
      resize_output(tensor_of(outs[i]), results[i].sizes());
    }
    for (size_t i = 0; i < outs.size(); ++i) native::write_result_(tensor_of(outs[i]), results[i]);
    return make_struct_seq(in, "torch.return_types." + name, fields, outs);
  });
}

// kthvalue_out_impl_cpu (aten/src/ATen/native/Sorting.cpp) through
// _reduction_with_indices_allocate_or_resize_output (ReduceOpsUtils.h): values must have self's type
// ("output values must be of same type as input"), then indices long; each, when it has the shape
// of the result without keepdim, is unsqueezed at dim first (so it keeps its strides), then
// resize_output to the keepdim shape; after the kernel both are squeezed at dim unless keepdim. The
// unsqueeze / squeeze run below autograd: each out is bumped once.
ObjPtr reduction_with_indices_out(Interpreter& in, const std::string& name, const CallArgs& given, const Tensor& self,
                                  const std::vector<ObjPtr>& outs, const ObjPtr& r) {
  ObjPtr d = given.args.size() > 2 ? given.args[2] : nullptr, kd = given.args.size() > 3 ? given.args[3] : nullptr;
  for (const auto& kv : given.kwargs) {
    if (kv.first == "dim") d = kv.second;
    if (kv.first == "keepdim") kd = kv.second;
  }
  int64_t dim = is_none(d) ? -1 : to_int(in, d, "argument 'dim'");
  bool keepdim = !is_none(kd) && in.truthy(kd);
  dim = self.dim() == 0 ? 0 : (dim < 0 ? dim + self.dim() : dim);
  Shape sizes = self.sizes();
  if (!sizes.empty()) sizes[size_t(dim)] = 1;
  const Tensor& values = tensor_of(outs[0]);
  const Tensor& indices = tensor_of(outs[1]);
  TP_CHECK(values.dtype() == self.dtype() && values.device() == self.device(), "output values must be of same type as input");
  if (!keepdim && values.dim() == self.dim() - 1) native::unsqueeze_(values, dim, /*bump=*/false);
  resize_output(values, sizes);
  TP_CHECK(indices.dtype() == DType::Int64, "output indices must be of scalar type Long");
  TP_CHECK(indices.device() == self.device(), "output indices must be on same device as input");
  if (!keepdim && indices.dim() == self.dim() - 1) native::unsqueeze_(indices, dim, /*bump=*/false);
  resize_output(indices, sizes);
  native::write_result_(values, native::reshape(tensor_of(in.getattr(r, "values")), sizes));
  native::write_result_(indices, native::reshape(tensor_of(in.getattr(r, "indices")), sizes));
  if (!keepdim && self.dim() > 0) {
    native::squeeze_(values, {dim}, /*bump=*/false);
    native::squeeze_(indices, {dim}, /*bump=*/false);
  }
  return make_struct_seq(in, "torch.return_types." + name, {"values", "indices"}, outs);
}

// median_with_indices_impl (aten/src/ATen/native/Sorting.cpp): the dim and empty-input checks, then
// checkScalarType / checkSameType (aten/src/ATen/TensorUtils.cpp; Tensor::toString() reaches Python
// as torch.FloatTensor), then resize_output of both to the result's shape.
ObjPtr median_out(Interpreter& in, const Tensor& self, const std::vector<ObjPtr>& outs, const ObjPtr& r) {
  const Tensor& values = tensor_of(outs[0]);
  const Tensor& indices = tensor_of(outs[1]);
  auto legacy = [](const Tensor& t) {
    return std::string(t.device().is_cpu() ? "torch." : "torch.cuda.") + legacy_type_name(t.dtype());
  };
  TP_CHECK(indices.dtype() == DType::Int64, "Expected tensor for argument #1 'indices' to have scalar type Long; but got " +
                                                legacy(indices) + " instead (while checking arguments for median)");
  TP_CHECK(values.dtype() == self.dtype() && values.device() == self.device(),
           "Expected tensor for 'values' to have the same type as tensor for argument #2 'self'; but type " +
               legacy(values) + " does not equal " + legacy(self) + " (while checking arguments for median)");
  Tensor v = tensor_of(in.getattr(r, "values")), i = tensor_of(in.getattr(r, "indices"));
  resize_output(values, v.sizes());
  resize_output(indices, i.sizes());
  native::write_result_(values, v);
  native::write_result_(indices, i);
  return make_struct_seq(in, "torch.return_types.median", {"values", "indices"}, outs);
}

// mode_out (aten/src/ATen/native/TensorCompare.cpp) checks both outputs before the dim ("expected
// scalar type 'Float' but got 'Double' for values output"); the CPU kernel (compare_base_kernel_core)
// then unsqueezes each out at dim when !keepdim and its dim() >= dim, resize_output to the keepdim
// shape, and squeezes back: below autograd, so each out is bumped once.
ObjPtr mode_out(Interpreter& in, const ObjPtr& plain, CallArgs& a, const Tensor& self, const std::vector<ObjPtr>& outs) {
  const Tensor& values = tensor_of(outs[0]);
  const Tensor& indices = tensor_of(outs[1]);
  TP_CHECK(values.dtype() == self.dtype(), "expected scalar type '" + scalar_type_name(self.dtype()) + "' but got '" +
                                               scalar_type_name(values.dtype()) + "' for values output");
  TP_CHECK(indices.dtype() == DType::Int64,
           "expected scalar type 'Long' but got '" + scalar_type_name(indices.dtype()) + "' for indices output");
  ObjPtr d = a.args.size() > 1 ? a.args[1] : nullptr, kd = a.args.size() > 2 ? a.args[2] : nullptr;
  for (const auto& kv : a.kwargs) {
    if (kv.first == "dim") d = kv.second;
    if (kv.first == "keepdim") kd = kv.second;
  }
  ObjPtr r = in.call(plain, std::move(a));  // the dim error
  Tensor v = tensor_of(in.getattr(r, "values")), i = tensor_of(in.getattr(r, "indices"));
  bool keepdim = !is_none(kd) && in.truthy(kd);
  if (self.dim() == 0 || self.numel() == 0) {  // the trivial and empty paths resize directly
    resize_output(values, v.sizes());
    resize_output(indices, i.sizes());
    native::write_result_(values, v);
    native::write_result_(indices, i);
  } else {
    int64_t dim = is_none(d) ? -1 : to_int(in, d, "argument 'dim'");
    if (dim < 0) dim += self.dim();
    Shape sizes = self.sizes();
    sizes[size_t(dim)] = 1;
    for (const Tensor* t : {&values, &indices}) {
      if (!keepdim && t->dim() >= dim) native::unsqueeze_(*t, dim, /*bump=*/false);
      resize_output(*t, sizes);
    }
    native::write_result_(values, native::reshape(v, sizes));
    native::write_result_(indices, native::reshape(i, sizes));
    if (!keepdim) {
      native::squeeze_(values, {dim}, /*bump=*/false);
      native::squeeze_(indices, {dim}, /*bump=*/false);
    }
  }
  return make_struct_seq(in, "torch.return_types.mode", {"values", "indices"}, outs);
}

}  // namespace

void install_tuple_out_arguments(Interpreter& in, ModuleObj& torch) {
  add_tuple_out_variant(in, torch, "max", {"values", "indices"}, true, "maximum");
  add_tuple_out_variant(in, torch, "min", {"values", "indices"}, true, "minimum");
  add_tuple_out_variant(in, torch, "sort", {"values", "indices"}, false, "");
  add_tuple_out_variant(in, torch, "topk", {"values", "indices"}, false, "");
  add_tuple_out_variant(in, torch, "aminmax", {"min", "max"}, false, "");
  add_tuple_out_variant(in, torch, "cummax", {"values", "indices"}, false, "", /*cumulative=*/true);
  add_tuple_out_variant(in, torch, "cummin", {"values", "indices"}, false, "", /*cumulative=*/true);
  add_tuple_out_variant(in, torch, "kthvalue", {"values", "indices"}, false, "");
  add_tuple_out_variant(in, torch, "median", {"values", "indices"}, false, "");
  add_tuple_out_variant(in, torch, "mode", {"values", "indices"}, false, "");
}

}  // namespace tp::interp::lib
