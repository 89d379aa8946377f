// The out= keyword of torch.* functions: Note [out= arguments], and the table saying, for every
// torch.* function the playground has whose PyTorch signature takes out=, which ATen rule its out
// follows (or that the playground refuses it).
#include "bindings/common.h"
#include "bindings/install.h"
#include "bindings/library_variant.h"

#include "core/context.h"
#include "core/error.h"
#include "ops/native.h"
#include "python/library.h"

namespace tp::interp::lib {

// Note [out= arguments]: torch.f(..., out=t) as the generated VariableType *_out kernels and
// ATen run it. First no autograd ("<op>(): functions with out=... arguments don't support automatic
// differentiation, but one of the arguments requires grad." when an input or out requires grad
// under grad mode; an alias reports the op it calls). Then the op's own rule for out's dtype,
// one OutKind per family of ATen code:
// - a TensorIterator op (aten/src/ATen/TensorIterator.cpp build()) checks overlaps (out itself,
//   then out against each input that is not out), computes the shape (an out that is also an input
//   is not resized: "output with shape [1] doesn't match the broadcast shape [3]") and the types:
//   * Cast: binary, ternary and unary float ops (BINARY_OP_CONFIG, UNARY_FLOAT_OP_CONFIG,
//     build_ternary_op: enforce_safe_casting_to_output): "result type Float can't be cast to the
//     desired output type Long"; the result is computed in the common dtype, then cast to out's;
//   * SameDtype: UNARY_OP_CONFIG and the default config (check_all_same_dtype): "Found dtype
//     Double but expected Float" (out is operand 0, the expected dtype the first input's);
//   * AnyDtype: comparison and logical ops (set_up_comparison_op_config, logical_not_out): any
//     out dtype, the bools are cast to it;
//   * ScalarOverload: pow / clamp, whose Tensor_Scalar overloads build a unary op over
//     self.to(result_type) (SameDtype) and whose Tensor overloads are Cast;
// - Structured: a structured kernel's meta function, then the generated resize_out wants out's
//   dtype and device to be the result's ("Expected out tensor to have dtype float, but got double
//   instead", caffe2::TypeMeta names);
// - ReductionDtype: sum / mean / prod / nansum / cumsum / cumprod take their dtype from out when
//   no dtype= is given (infer_dtype_from_optional, meta_func_cum_ops), so the sum runs in out's
//   dtype; a dtype= that is not out's fails in resize_out as Structured; sum / prod without a dim
//   match no Python signature (Note [Invalid combination], signatures_without_out);
// - InputDtype: amax / amin refuse before anything else an out whose dtype is not the input's;
// - Where: where_self_out wants out's dtype to be result_type(self, other);
// - ByteBool: all / any (allany_meta, check_result_is_bytebool: "all only supports bool tensor for
//   result, got: Float"; a bool or uint8 out keeps its dtype); their outputs are not differentiable
//   (derivatives.yaml output_differentiability: [False]), so there is no autograd refusal;
// - SelfDtype: out must have self's dtype, in the op's own words: nan_to_num_out checks it before
//   anything ("nan_to_num: dtype of out: Double should be same as input: Float"), take_out ("take():
//   self and out expected to have the same dtype, but got self.dtype = Float and out.dtype = Double"),
//   index_select_out_cpu_ / masked_select_out_impl_cpu ("index_select(): self and result must have
//   the same scalar type") after their index / mask checks; then resize_output;
// - CastFromSelf: std / var (std_var_out: make_reduction in out's dtype, then "result type Float
//   can't be cast to the desired output type Long");
// - FloatOut: logsumexp_out wants a floating out ("logsumexp(): Expected floating point type for
//   result tensor, but got: Long"), then sum_out into it (the sum runs in out's dtype);
// - Tensordot: tensordot_out computes, then wants out's dtype ("tensordot: Expected the output tensor
//   to have dtype Float, but got an output tensor with dtype Double"); Inner: inner_out is mul_out
//   (Cast) for a 0-d operand, else tensordot_out;
// - SelfDtypeFirst: logcumsumexp_out's check_scalar_type_device_layout_equal before anything;
// - BoolOnly (isposinf / isneginf metas: "isposinf does not support non-boolean outputs."),
//   SearchsortedDtype (searchsorted_pre_check), BoolStructured (isin): outputs that are not
//   differentiable, so no autograd refusal; Nonzero: nonzero_out_cpu wants a long out ("nonzero: Expected
//   out tensor to have scalar type Long but got scalar typeFloat"), and an out it resizes gets
//   Fortran-contiguous strides (1, max(n, 1));
// - CompositeCopy: quantile / nanquantile (Sorting.cpp quantile_out_impl, CompositeImplicitAutograd):
//   quantile_checks, then "quantile() out tensor must be same dtype as the input tensors", then
//   resize_output and out.copy_(result) through autograd: no refusal, and an input that requires grad
//   gives out a CopyBackwards;
// - Nanmean: nanmean_out (CompositeImplicitAutograd) calls at::native::nansum_out directly (no autograd:
//   no refusal; "nansum: provided dtype must match dtype of result. Got Float and Double."), the sum
//   in out's dtype, then div_ by the count; mean without a dim is mean_dtype_out, which first wants
//   canCast(self, out) ("mean.dtype_out(): input types can't be cast to the desired output type Long");
// - Diag: diag_out wants a 1-D or 2-D input ("Supports 1D or 2D tensors. Got 3D", without diag()'s
//   "diag(): " prefix) and for 1-D canCast(self, out) ("diag: result type Float can't be cast to the
//   desired out= type Long"), then the autogen'd diag_embed_out / diagonal_copy_out compute, resize_output
//   and copy_ into out (any dtype for the 2-D case);
// - Diff: diff_out (CompositeImplicitAutograd) after diff_check: n == 0 resizes out, wants self's dtype
//   ("expected scalar_type Float but found Double") and copy_s through autograd; otherwise the last
//   difference is sub_out (Cast; the refusal names sub) or, for bool, logical_xor_out (any out dtype);
// - Histc: histogram_histc_out's histogramdd_prepare_out wants hist in the input's dtype before the bins
//   and range checks ("torch.histogram: input tensor and hist tensor should have the same dtype, but got
//   input float and hist double", caffe2::TypeMeta names); histc is not differentiable;
// - kthvalue: _reduction_with_indices_allocate_or_resize_output (bindings/out_tuples.cpp);
// - median (dim) / mode: their own output checks (median_out, mode_out in bindings/out_tuples.cpp);
//   median without a dim matches no Python signature (Note [Invalid combination]);
// - Dot: dot_out / vdot_out (Blas.cpp) resize out to [] first, then want out's dtype to be self's
//   ("result dtype Double does not match input dtype Float"), then compute;
// - Matmul: the composite _matmul_impl (LinearAlgebra.cpp) refuses autograd as "matmul()", then goes
//   to dot_out (1-D @ 1-D), mv_out / mm_out (structured: dtype first, then resize), mm_out on
//   self.unsqueeze(0) then out.squeeze_(0) (1-D @ 2-D: out is resized to [1, p] first), or for
//   batches resize_output(out, shape) before mm_out / bmm_out check the dtype.
// Ops returning (values, indices) take out=(values, indices) and, as structured kernels (max.dim_max,
// min.dim_min, sort.values_stable, topk.values, aminmax.out), check and resize each output in turn
// (its dtype first: the input's for values, long int for indices), then return a
// torch.return_types tuple of the out tensors themselves. torch.max(a, b, out=t) is maximum_out.
// cummax_out / cummin_out (ReduceOps.cpp) instead check both dtypes first
// (check_scalar_type_device_layout_equal: "expected scalar_type Float but found Double"), then
// resize_output both to self's shape, then compute.
// - Addbmm: addbmm_out (LinearAlgebra.cpp addbmm_impl_) computes, then result.resize_as_(self) (no
//   warning), copies self in unless beta is 0, and each result.addmm_(batch1[b], batch2[b]) checks
//   ADDMM_META: "self and mat2 must have the same dtype, but got Double and Float" (out stays resized);
// - Kron: kron_out (CompositeImplicitAutograd, KronImpl::kron_out) resize_output's out first, then
//   mul_out into a view of it: the refusal names mul and the dtype rule is Cast;
// - torch.norm (torch/functional.py) calls linalg.vector_norm(..., out=out): Structured, refusal
//   "linalg_vector_norm()".
// chain_matmul(out=) is bindings/torch/products.cpp, normal(out=) and bernoulli(out=) are
// bindings/torch/random.cpp, each with its own out path.
// Factories with out= are bindings/out_factories.cpp.
// resize_output (aten/src/ATen/native/Resize.cpp) warns when a non-empty out had another shape;
// the write bumps out's version once; the call returns out itself.
namespace {

enum class OutKind { Cast, SameDtype, AnyDtype, ScalarOverload, Structured, ReductionDtype, InputDtype, Where, Dot, Matmul,
                     ByteBool, SelfDtype, CastFromSelf, FloatOut, Tensordot, Inner, SelfDtypeFirst, BoolOnly,
                     SearchsortedDtype, BoolStructured, Nonzero, CompositeCopy, Nanmean, Diag, Diff, DiffCopy, Histc,
                     Addbmm, Kron };

// Ops whose outputs are not differentiable (bool / index results): no autograd refusal.
bool not_differentiable(OutKind k) {
  return k == OutKind::ByteBool || k == OutKind::BoolOnly || k == OutKind::SearchsortedDtype ||
         k == OutKind::BoolStructured || k == OutKind::Nonzero || k == OutKind::CompositeCopy || k == OutKind::Nanmean ||
         k == OutKind::Diff || k == OutKind::Histc;
}

// OutKind::SelfDtype: the op's own check that out has self's dtype, in its words ("" when it has).
std::string self_dtype_mismatch(const std::string& name, DType self, DType out) {
  if (self == out) return "";
  if (name == "nan_to_num")  // nan_to_num_out (UnaryOps.cpp)
    return "nan_to_num: dtype of out: " + scalar_type_name(out) + " should be same as input: " + scalar_type_name(self);
  if (name == "take")  // take_out (TensorAdvancedIndexing.cpp)
    return "take(): self and out expected to have the same dtype, but got self.dtype = " + scalar_type_name(self) +
           " and out.dtype = " + scalar_type_name(out);
  return name + "(): self and result must have the same scalar type";  // index_select_out_cpu_, masked_select_out_impl_cpu
}




void check_dot_out(const Tensor& self, const Tensor& o) {
  resize_output(o, {});
  TP_CHECK(o.dtype() == self.dtype(), "result dtype " + scalar_type_name(o.dtype()) + " does not match input dtype " +
                                          scalar_type_name(self.dtype()));
}


// sum and prod have out= only in their dim overloads (sum.IntList_out, prod.int_out: dim has no
// default); their all-element overloads' out variants are autogen'd (tagged "generated"), which
// gen_python_functions.py does not bind. So torch.sum(x, out=t) matches no Python signature:
// Note [Invalid combination]. mean (mean.dtype_out) and nansum (dim=None) do take out= without a dim.
const std::vector<std::string>* signatures_without_out(const std::string& name) {
  return name == "sum" || name == "prod" ? torch_signatures(name) : nullptr;
}

// The dim the dim overload binds: sum's `int[1]? dim` takes None, prod's `int dim` does not.
bool has_dim_arg(const CallArgs& a, bool none_ok) {
  ObjPtr d = a.args.size() >= 2 ? a.args[1] : nullptr;
  bool given = a.args.size() >= 2;
  for (const auto& kv : a.kwargs)
    if (kv.first == "dim") d = kv.second, given = true;
  return given && (none_ok || !is_none(d));
}

void add_out_variant(Interpreter& in, ModuleObj& torch, const std::string& name, const std::string& op, OutKind kind) {
  ObjPtr plain = torch.get(name);
  if (!full_library()) return add_core_out_variant(torch, name, plain);
  TP_INTERNAL_ASSERT(plain != nullptr, "out= for a missing torch." + name);
  def(torch, "torch.", name, [plain, name, op, kind](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr out = pop_out_kwarg(a);
    if (is_none(out)) return in.call(plain, std::move(a));
    if (const auto* sigs = signatures_without_out(name); sigs && !has_dim_arg(a, name == "sum")) {
      CallArgs given = a;  // the parser reports the call as written, out= included
      given.kwargs.emplace_back("out", out);
      throw_invalid_combination(in, name, given, *sigs);
    }
    if (!is_tensor(out))
      throw TorchError("TypeError", name + "(): argument 'out' must be Tensor, not " + in.type_name(out));
    const Tensor& o = tensor_of(out);
    std::vector<Tensor> inputs;
    for (const auto& x : a.args)
      if (is_tensor(x)) inputs.push_back(tensor_of(x));
    for (const auto& kv : a.kwargs)
      if (is_tensor(kv.second)) inputs.push_back(tensor_of(kv.second));
    Tensor self = tensor_param(a, 0, "input"), other = tensor_param(a, 1, "other");
    OutKind k = kind;
    if (k == OutKind::Matmul) {
      if (!self.defined() || !other.defined() || self.dim() == 0 || other.dim() == 0)
        return in.call(plain, std::move(a));  // its argument and "at least 1D" errors come first
      check_out_requires_grad("matmul", inputs, o);
      if (self.dim() == 1 && other.dim() == 1) k = OutKind::Dot;
    } else if (k == OutKind::ByteBool) {
      TP_CHECK(o.dtype() == DType::Bool || o.dtype() == DType::UInt8,
               op + " only supports bool tensor for result, got: " + scalar_type_name(o.dtype()));
    } else if (k == OutKind::BoolOnly) {  // TORCH_META_FUNC(isposinf) / (isneginf), then a unary op config
      TP_CHECK(o.dtype() == DType::Bool, op + " does not support non-boolean outputs.");
      k = OutKind::AnyDtype;
    } else if (k == OutKind::Diff) {  // diff_out_helper: copy_ for n == 0, else sub_out / logical_xor_out
      ObjPtr n_obj = a.args.size() > 1 ? a.args[1] : nullptr;
      for (const auto& kv : a.kwargs)
        if (kv.first == "n") n_obj = kv.second;
      bool n0 = n_obj && n_obj->kind == Kind::Int && to_int(in, n_obj, "argument 'n'") == 0;
      k = n0 ? OutKind::DiffCopy : self.defined() && self.dtype() == DType::Bool ? OutKind::AnyDtype : OutKind::Cast;
      if (k == OutKind::Cast) check_out_requires_grad("sub", inputs, o);
    } else if (k == OutKind::Inner) {  // inner_out: mul_out for a 0-d operand, else tensordot_out
      if (!self.defined() || !other.defined()) return in.call(plain, std::move(a));
      bool scalar = self.dim() == 0 || other.dim() == 0;
      k = scalar ? OutKind::Cast : OutKind::Tensordot;
      check_out_requires_grad(scalar ? "mul" : "tensordot", inputs, o);
    } else if (k == OutKind::Kron) {  // kron_out resizes out before mul_out refuses autograd
    } else if (!not_differentiable(k)) {
      check_out_requires_grad(op, inputs, o);
    }
    if (k == OutKind::Nonzero) {  // nonzero_out_cpu: the dtype (its text has no space before it), then overlaps
      TP_CHECK(o.dtype() == DType::Int64,
               "nonzero: Expected out tensor to have scalar type Long but got scalar type" + scalar_type_name(o.dtype()));
      native::check_no_internal_overlap(o);
      if (self.defined()) native::check_no_partial_overlap(o, self);
    }
    if (name == "mean" && self.defined() && !has_dim_arg(a, true))  // mean_dtype_out (ReduceOps.cpp)
      TP_CHECK(can_cast(self.dtype(), o.dtype()),
               "mean.dtype_out(): input types can't be cast to the desired output type " + scalar_type_name(o.dtype()));
    if (k == OutKind::Histc && self.defined())  // histogramdd_prepare_out, before the bins / range checks
      TP_CHECK(self.dtype() == o.dtype(), "torch.histogram: input tensor and hist tensor should have the same dtype, but got input " +
                                              type_meta_name(self.dtype()) + " and hist " + type_meta_name(o.dtype()));
    if (k == OutKind::Diag && self.defined()) {  // diag_out (TensorShape.cpp)
      TP_CHECK(self.dim() == 1 || self.dim() == 2, "Supports 1D or 2D tensors. Got " + std::to_string(self.dim()) + "D");
      TP_CHECK(self.dim() == 2 || can_cast(self.dtype(), o.dtype()), "diag: result type " + scalar_type_name(self.dtype()) +
                                                                         " can't be cast to the desired out= type " +
                                                                         scalar_type_name(o.dtype()));
    }
    if (k == OutKind::SelfDtypeFirst && self.defined())  // logcumsumexp_out: check_scalar_type_device_layout_equal
      TP_CHECK(o.dtype() == self.dtype(),
               "expected scalar_type " + scalar_type_name(self.dtype()) + " but found " + scalar_type_name(o.dtype()));
    if (k == OutKind::Dot && self.defined()) check_dot_out(self, o);
    if (k == OutKind::ScalarOverload)  // a Tensor_Scalar overload: self is the only tensor
      k = !a.args.empty() && is_tensor(a.args[0]) && inputs.size() == 1 ? OutKind::SameDtype : OutKind::Cast;
    if (k == OutKind::InputDtype && !inputs.empty())
      TP_CHECK(inputs[0].dtype() == o.dtype(), "Expected the dtype for input and out to match, but got " +
                                                   scalar_type_name(inputs[0].dtype()) + " for input's dtype and " +
                                                   scalar_type_name(o.dtype()) + " for out's dtype.");
    if (k == OutKind::SelfDtype && name == "nan_to_num" && self.defined()) {
      std::string m = self_dtype_mismatch(name, self.dtype(), o.dtype());
      TP_CHECK(m.empty(), m);
    }
    if (k == OutKind::FloatOut)  // logsumexp_out
      TP_CHECK(is_floating(o.dtype()),
               name + "(): Expected floating point type for result tensor, but got: " + scalar_type_name(o.dtype()));
    if (k == OutKind::Where && a.args.size() == 3) {  // where_self_out checks the dtype before anything
      DType rt = to_dtype(in.call(state(in).get("result_type"), CallArgs{{a.args[1], a.args[2]}, {}}));
      TP_CHECK(rt == o.dtype(), "Expected out type to be " + scalar_type_name(rt) + " but got " + scalar_type_name(o.dtype()));
    }
    bool iterator = k == OutKind::Cast || k == OutKind::SameDtype || k == OutKind::AnyDtype;
    if (iterator) {
      native::check_no_internal_overlap(o);
      for (const auto& t : inputs)
        if (!t.is_same(o)) native::check_no_partial_overlap(o, t);
    }
    bool explicit_dtype = has_kwarg(a, "dtype");
    CallArgs again = a;
    Tensor result = tensor_of(in.call(plain, std::move(a)));
    if (iterator) {
      bool read_write = false;
      for (const auto& t : inputs) read_write = read_write || t.is_same(o);
      TP_CHECK(!read_write || o.sizes() == result.sizes(), "output with shape " + shape_str(o.sizes()) +
                                                               " doesn't match the broadcast shape " +
                                                               shape_str(result.sizes()));
    }
    switch (k) {
      case OutKind::Cast:
        TP_CHECK(can_cast(result.dtype(), o.dtype()), "result type " + scalar_type_name(result.dtype()) +
                                                          " can't be cast to the desired output type " +
                                                          scalar_type_name(o.dtype()));
        break;
      case OutKind::SameDtype:
        TP_CHECK(result.dtype() == o.dtype(),
                 "Found dtype " + scalar_type_name(o.dtype()) + " but expected " + scalar_type_name(result.dtype()));
        break;
      case OutKind::ReductionDtype:
        if (!explicit_dtype && result.dtype() != o.dtype()) {  // the reduction runs in out's dtype
          again.kwargs.emplace_back("dtype", dtype_obj(in, o.dtype()));
          result = tensor_of(in.call(plain, std::move(again)));
        }
        check_structured_out(result, o);
        break;
      case OutKind::Structured:
      case OutKind::InputDtype:
        check_structured_out(result, o);
        break;
      case OutKind::SelfDtype: {
        std::string m = self_dtype_mismatch(name, self.dtype(), o.dtype());
        TP_CHECK(m.empty(), m);
        break;
      }
      case OutKind::CastFromSelf:  // std_var_out: make_reduction in out's dtype, then canCast(self, out)
        TP_CHECK(can_cast(self.dtype(), o.dtype()), "result type " + scalar_type_name(self.dtype()) +
                                                        " can't be cast to the desired output type " +
                                                        scalar_type_name(o.dtype()));
        [[fallthrough]];
      case OutKind::FloatOut:  // logsumexp_out_impl: sum_out into out, so the reduction runs in out's dtype
        if (result.dtype() != o.dtype()) {
          ObjPtr cast = in.wrap_tensor(native::to(self, o.dtype(), self.device(), false));
          if (!again.args.empty()) again.args[0] = cast;
          for (auto& kv : again.kwargs)
            if (kv.first == "input") kv.second = cast;
          result = tensor_of(in.call(plain, std::move(again)));
        }
        break;
      case OutKind::Matmul:
        if (self.dim() == 1 && other.dim() == 2) {  // mm_out(out, self.unsqueeze(0), other).squeeze_(0)
          check_structured_out(result, o);
          resize_output(o, {1, result.sizes()[0]});
          native::write_result_(o, native::reshape(result, {1, result.sizes()[0]}));
          native::squeeze_(o, {0});
          return out;
        }
        if (self.dim() <= 2 && other.dim() <= 2) {  // mv_out / mm_out: the meta's dtype check first
          check_structured_out(result, o);
          break;
        }
        resize_output(o, result.sizes());  // the batched paths resize before mm_out / bmm_out check
        check_structured_out(result, o);
        break;
      case OutKind::Histc:
        break;
      case OutKind::Addbmm: {  // addbmm_impl_: result.resize_as_(self), copy_(self) unless beta is 0, addmm_ per batch
        native::resize_(o, result.sizes(), std::nullopt);  // resize_as_: no warning
        Tensor batch2 = tensor_param(again, 2, "batch2");
        bool batches = tensor_param(again, 1, "batch1").sizes()[0] > 0;
        if (batches && o.dtype() != batch2.dtype()) {  // ADDMM_META of result.addmm_(batch1[0], batch2[0])
          ObjPtr beta = nullptr;
          for (const auto& kv : again.kwargs)
            if (kv.first == "beta") beta = kv.second;
          if (!beta || to_double(in, beta) != 0) native::write_result_(o, native::expand(self, result.sizes()));
          throw TorchError("RuntimeError", "self and mat2 must have the same dtype, but got " +
                                               scalar_type_name(o.dtype()) + " and " + scalar_type_name(batch2.dtype()));
        }
        break;
      }
      case OutKind::Kron:  // kron_out: resize_output(result, shape), then mul_out into a view of it (Cast)
        resize_output(o, result.sizes());
        check_out_requires_grad("mul", inputs, o);
        TP_CHECK(can_cast(result.dtype(), o.dtype()), "result type " + scalar_type_name(result.dtype()) +
                                                          " can't be cast to the desired output type " +
                                                          scalar_type_name(o.dtype()));
        break;
      case OutKind::Diag:  // diag_embed_out / diagonal_copy_out (autogen'd): resize_output, then copy_ (casts)
        result = native::to(result, o.dtype(), o.device(), false);
        break;
      case OutKind::Dot:
      case OutKind::ByteBool:
      case OutKind::SelfDtypeFirst:
      case OutKind::BoolOnly:
      case OutKind::Inner:
        break;
      case OutKind::BoolStructured:
        check_structured_out(result, o);
        break;
      case OutKind::Nanmean:  // nanmean_out: at::native::nansum_out(...) (make_reduction), then div_(count)
        TP_CHECK(!explicit_dtype || result.dtype() == o.dtype(), "nansum: provided dtype must match dtype of result. Got " +
                                                                     scalar_type_name(o.dtype()) + " and " +
                                                                     scalar_type_name(result.dtype()) + ".");
        TP_CHECK(is_floating(o.dtype()), "result type Float can't be cast to the desired output type " +
                                             scalar_type_name(o.dtype()));  // div_ of the integral sum
        if (result.dtype() != o.dtype()) {  // the sum runs in out's dtype
          again.kwargs.emplace_back("dtype", dtype_obj(in, o.dtype()));
          result = tensor_of(in.call(plain, std::move(again)));
        }
        break;
      case OutKind::DiffCopy:  // resize_output_check / resize_, check_scalar_type_device_layout_equal, copy_
        resize_output(o, result.sizes());
        TP_CHECK(o.dtype() == self.dtype(),
                 "expected scalar_type " + scalar_type_name(self.dtype()) + " but found " + scalar_type_name(o.dtype()));
        tp::copy_(o, result);  // through autograd (diff.out is CompositeImplicitAutograd)
        return out;
      case OutKind::Diff:
        break;
      case OutKind::CompositeCopy:  // quantile_out_impl: the checks, resize_output, then out.copy_(quantile)
        TP_CHECK(self.dtype() == o.dtype(), "quantile() out tensor must be same dtype as the input tensors");
        TP_CHECK(self.device() == o.device(), "quantile() out tensor must be on the same device as the input tensors");
        resize_output(o, result.sizes());
        tp::copy_(o, result);  // through autograd: an input that requires grad gives out a CopyBackwards
        return out;
      case OutKind::Nonzero:
        if (o.sizes() != result.sizes()) {  // resized: Fortran-contiguous, as nonzero_out_cpu (gh-46224)
          resize_output(o, result.sizes());
          o.impl()->strides = {1, std::max<int64_t>(result.sizes()[0], 1)};
        }
        break;
      case OutKind::Tensordot:  // tensordot_out (Linear.cpp): computes, then wants out's dtype
        TP_CHECK(result.dtype() == o.dtype(), "tensordot: Expected the output tensor to have dtype " +
                                                  scalar_type_name(result.dtype()) +
                                                  ", but got an output tensor with dtype " + scalar_type_name(o.dtype()));
        break;
      case OutKind::SearchsortedDtype: {  // searchsorted_pre_check (Bucketization.cpp); bucketize_out_cpu calls it
        bool int32 = result.dtype() == DType::Int32;
        TP_CHECK(o.dtype() == result.dtype(),
                 "torch.searchsorted(): output tensor's dtype is wrong, it can only be Int(int32) or Long(int64) "
                 "depending on whether out_int32 flag is True, but we got output tensor's dtype " +
                     scalar_type_name(o.dtype()) + " and out_int32 flag is " + (int32 ? "True" : "False"));
        break;
      }
      case OutKind::Where:
        TP_CHECK(result.dtype() == o.dtype(), "Expected out type to be " + scalar_type_name(result.dtype()) +
                                                  " but got " + scalar_type_name(o.dtype()));
        break;
      case OutKind::AnyDtype:
      case OutKind::ScalarOverload:
        break;
    }
    resize_output(o, result.sizes());
    native::write_result_(o, result);
    return out;
  });
}

// {torch name, the op its autograd refusal names} per rule, from native_functions.yaml and the
// meta / out functions named in Note [out= arguments].
struct OutEntry { const char* name; const char* op; };

const OutEntry kCast[] = {
    // binary (BinaryOps.cpp metas: build_borrowing_binary_op / _float_op; floor_divide_out: binary_op)
    {"add", "add"}, {"sub", "sub"}, {"subtract", "sub"}, {"mul", "mul"}, {"multiply", "mul"},
    {"div", "div"}, {"divide", "div"}, {"true_divide", "div"}, {"floor_divide", "floor_divide"},
    {"remainder", "remainder"}, {"fmod", "fmod"}, {"maximum", "maximum"}, {"minimum", "minimum"},
    {"fmax", "fmax"}, {"fmin", "fmin"}, {"hypot", "hypot"}, {"atan2", "atan2"}, {"arctan2", "atan2"},
    {"heaviside", "heaviside"}, {"threshold", "threshold"}, {"addr", "addr"},
    // deg2rad_out / rad2deg_out (UnaryOps.cpp) are mul_out(result, self, wrapped_scalar_tensor(...))
    {"deg2rad", "deg2rad"}, {"rad2deg", "rad2deg"}, {"bitwise_and", "bitwise_and"}, {"bitwise_or", "bitwise_or"},
    {"bitwise_xor", "bitwise_xor"}, {"bitwise_left_shift", "bitwise_left_shift"},
    {"bitwise_right_shift", "bitwise_right_shift"},
    // ternary (PointwiseOps.cpp: build_ternary_op)
    {"addcmul", "addcmul"}, {"addcdiv", "addcdiv"},
    // unary float (UnaryOps.cpp CREATE_UNARY_FLOAT_META_FUNC; logit_out: unary_op_impl_float_out)
    {"sin", "sin"}, {"cos", "cos"}, {"tan", "tan"}, {"asin", "asin"}, {"arcsin", "asin"}, {"acos", "acos"},
    {"arccos", "acos"}, {"atan", "atan"}, {"arctan", "atan"}, {"sinh", "sinh"}, {"cosh", "cosh"},
    {"tanh", "tanh"}, {"asinh", "asinh"}, {"arcsinh", "asinh"}, {"acosh", "acosh"}, {"arccosh", "acosh"},
    {"atanh", "atanh"}, {"arctanh", "atanh"}, {"exp", "exp"}, {"exp2", "exp2"}, {"expm1", "expm1"},
    {"log", "log"}, {"log2", "log2"}, {"log10", "log10"}, {"log1p", "log1p"}, {"sqrt", "sqrt"},
    {"rsqrt", "rsqrt"}, {"sigmoid", "sigmoid"}, {"erf", "erf"}, {"erfc", "erfc"}, {"erfinv", "erfinv"},
    {"reciprocal", "reciprocal"}, {"lgamma", "lgamma"}, {"digamma", "digamma"}, {"logit", "logit"},
};
// UNARY_OP_CONFIG (abs_out: unary_op_impl_out; neg / sign / sgn / floor / ceil / round / trunc /
// frac / bitwise_not metas: build_borrowing_unary_op); lerp's metas use the default config.
const OutEntry kSameDtype[] = {
    {"abs", "abs"}, {"absolute", "abs"}, {"neg", "neg"}, {"negative", "neg"}, {"sign", "sign"}, {"sgn", "sgn"},
    {"floor", "floor"}, {"ceil", "ceil"}, {"round", "round"}, {"trunc", "trunc"}, {"fix", "trunc"},
    {"frac", "frac"}, {"bitwise_not", "bitwise_not"}, {"lerp", "lerp"},
};
const OutEntry kAnyDtype[] = {
    {"eq", "eq"}, {"ne", "ne"}, {"not_equal", "ne"}, {"lt", "lt"}, {"less", "lt"}, {"le", "le"},
    {"less_equal", "le"}, {"gt", "gt"}, {"greater", "gt"}, {"ge", "ge"}, {"greater_equal", "ge"},
    {"logical_and", "logical_and"}, {"logical_or", "logical_or"}, {"logical_xor", "logical_xor"},
    {"logical_not", "logical_not"},
};
// square_out is pow_out(self, 2); clip is clamp.
const OutEntry kScalarOverload[] = {
    {"pow", "pow"}, {"square", "pow"}, {"clamp", "clamp"}, {"clip", "clamp"},
    {"clamp_min", "clamp_min"}, {"clamp_max", "clamp_max"},
};
const OutEntry kStructured[] = {
    {"mm", "mm"}, {"bmm", "bmm"}, {"mv", "mv"}, {"addmm", "addmm"}, {"addmv", "addmv"}, {"baddbmm", "baddbmm"},
    {"argmax", "argmax"}, {"argmin", "argmin"}, {"tril", "tril"}, {"triu", "triu"}, {"gather", "gather"},
    // softmax_out / log_softmax_out (SoftMax.cpp) cast to dtype= then _softmax_out / _log_softmax_out;
    // cross_out (Linear algebra) is linalg_cross_out
    {"softmax", "softmax"}, {"log_softmax", "log_softmax"}, {"cross", "linalg_cross"},
};
const OutEntry kReductionDtype[] = {
    {"sum", "sum"}, {"mean", "mean"}, {"prod", "prod"}, {"nansum", "nansum"}, {"cumsum", "cumsum"},
    {"cumprod", "cumprod"},
};
const OutEntry kInputDtype[] = {{"amax", "amax"}, {"amin", "amin"}};
// Structured kernels whose meta sets the output from self / index (index_add / index_copy / scatter /
// scatter_add metas: self's sizes and options); take_along_dim_out is gather_out on broadcast inputs.
const OutEntry kStructuredIndexing[] = {
    {"index_add", "index_add"}, {"index_copy", "index_copy"}, {"scatter", "scatter"}, {"scatter_add", "scatter_add"},
    {"take_along_dim", "gather"},
};
const OutEntry kSelfDtype[] = {
    {"nan_to_num", "nan_to_num"}, {"take", "take"}, {"index_select", "index_select"}, {"masked_select", "masked_select"},
};
}  // namespace

std::string type_meta_name(DType d) {
  switch (d) {
    case DType::Float32: return "float";
    case DType::Float64: return "double";
    case DType::Float16: return "c10::Half";
    case DType::Int64: return "long int";
    case DType::Int32: return "int";
    case DType::Int16: return "short int";
    case DType::Int8: return "signed char";
    case DType::UInt8: return "unsigned char";
    case DType::Bool: return "bool";
  }
  return scalar_type_name(d);
}

void add_core_out_variant(ModuleObj& torch, const std::string& name, const ObjPtr& plain) {
  if (!plain) return;  // a full-library function
  def(torch, "torch.", name, [plain, name](Interpreter& in, CallArgs& a) -> ObjPtr {
    if (has_out_keyword(a)) throw NeedsFullLibrary{"torch." + name + "(out=)"};
    return in.call(plain, std::move(a));  // what the full library's wrapper does without out=
  });
}

bool has_out_keyword(const CallArgs& a) {
  for (const auto& kv : a.kwargs)
    if (kv.first == "out") return true;
  return false;
}

ObjPtr pop_out_kwarg(CallArgs& a) {
  for (size_t k = 0; k < a.kwargs.size(); ++k)
    if (a.kwargs[k].first == "out") {
      ObjPtr out = a.kwargs[k].second;
      a.kwargs.erase(a.kwargs.begin() + long(k));
      return out;
    }
  return nullptr;
}

void check_structured_out(const Tensor& result, const Tensor& o) {
  TP_CHECK(result.dtype() == o.dtype(), "Expected out tensor to have dtype " + type_meta_name(result.dtype()) +
                                            ", but got " + type_meta_name(o.dtype()) + " instead");
  TP_CHECK(result.device() == o.device(), "Expected out tensor to have device " + result.device().str() +
                                              ", but got " + o.device().str() + " instead");
}

// The tensor passed as positional `index` or keyword `name` (undefined if neither is a tensor).
Tensor tensor_param(const CallArgs& a, size_t index, const std::string& name) {
  if (index < a.args.size()) return is_tensor(a.args[index]) ? tensor_of(a.args[index]) : Tensor();
  for (const auto& kv : a.kwargs)
    if (kv.first == name && is_tensor(kv.second)) return tensor_of(kv.second);
  return Tensor();
}

bool has_kwarg(const CallArgs& a, const std::string& k) {
  for (const auto& kv : a.kwargs)
    if (kv.first == k && !is_none(kv.second)) return true;
  return false;
}

void check_out_requires_grad(const std::string& op, const std::vector<Tensor>& inputs, const Tensor& out) {
  if (!ctx().grad_enabled) return;
  bool any = out.requires_grad();
  for (const auto& t : inputs) any = any || t.requires_grad();
  if (any)
    throw TorchError("RuntimeError", op + "(): functions with out=... arguments don't support automatic "
                                          "differentiation, but one of the arguments requires grad.");
}

void resize_output(const Tensor& out, const Shape& shape) {
  if (out.sizes() == shape) return;
  if (out.numel() != 0)  // aten/src/ATen/native/Resize.cpp resize_output_check
    ctx().torch_warn("An output with one or more elements was resized since it had shape " + shape_str(out.sizes()) +
               ", which does not match the required output shape " + shape_str(shape) +
               ". This behavior is deprecated, and in a future PyTorch release outputs will not be resized "
               "unless they have zero elements. You can explicitly reuse an out tensor t by resizing it, "
               "inplace, to zero elements with t.resize_(0).",
                     "aten/src/ATen/native/Resize.cpp");
  native::resize_(out, shape, std::nullopt);
}

void install_out_arguments(Interpreter& in, ModuleObj& torch) {
  auto add = [&](const auto& table, OutKind kind) {
    for (const OutEntry& e : table) add_out_variant(in, torch, e.name, e.op, kind);
  };
  add(kCast, OutKind::Cast);
  add(kSameDtype, OutKind::SameDtype);
  add(kAnyDtype, OutKind::AnyDtype);
  add(kScalarOverload, OutKind::ScalarOverload);
  add(kStructured, OutKind::Structured);
  add(kReductionDtype, OutKind::ReductionDtype);
  add(kInputDtype, OutKind::InputDtype);
  add(kSelfDtype, OutKind::SelfDtype);
  add(kStructuredIndexing, OutKind::Structured);
  add_out_variant(in, torch, "tensordot", "tensordot", OutKind::Tensordot);
  add_out_variant(in, torch, "inner", "inner", OutKind::Inner);
  add_out_variant(in, torch, "logcumsumexp", "logcumsumexp", OutKind::SelfDtypeFirst);
  add_out_variant(in, torch, "isposinf", "isposinf", OutKind::BoolOnly);
  add_out_variant(in, torch, "isneginf", "isneginf", OutKind::BoolOnly);
  add_out_variant(in, torch, "searchsorted", "searchsorted", OutKind::SearchsortedDtype);
  add_out_variant(in, torch, "bucketize", "bucketize", OutKind::SearchsortedDtype);
  add_out_variant(in, torch, "isin", "isin", OutKind::BoolStructured);
  add_out_variant(in, torch, "nonzero", "nonzero", OutKind::Nonzero);
  add_out_variant(in, torch, "quantile", "quantile", OutKind::CompositeCopy);
  add_out_variant(in, torch, "nanmean", "nanmean", OutKind::Nanmean);
  add_out_variant(in, torch, "diag", "diag", OutKind::Diag);
  add_out_variant(in, torch, "diff", "diff", OutKind::Diff);
  add_out_variant(in, torch, "histc", "histc", OutKind::Histc);
  add_out_variant(in, torch, "nanquantile", "nanquantile", OutKind::CompositeCopy);
  add_out_variant(in, torch, "std", "std", OutKind::CastFromSelf);
  add_out_variant(in, torch, "var", "var", OutKind::CastFromSelf);
  add_out_variant(in, torch, "logsumexp", "logsumexp", OutKind::FloatOut);
  add_out_variant(in, torch, "where", "where", OutKind::Where);
  add_out_variant(in, torch, "all", "all", OutKind::ByteBool);
  add_out_variant(in, torch, "any", "any", OutKind::ByteBool);
  add_out_variant(in, torch, "dot", "dot", OutKind::Dot);
  add_out_variant(in, torch, "vdot", "vdot", OutKind::Dot);
  add_out_variant(in, torch, "matmul", "matmul", OutKind::Matmul);
  // outer_out (CompositeImplicitAutograd) is mul_out(result, self.reshape({n, 1}), vec2); ger is outer.
  add_out_variant(in, torch, "outer", "mul", OutKind::Cast);
  add_out_variant(in, torch, "ger", "mul", OutKind::Cast);
  install_factory_out_arguments(in, torch);
  install_joining_out_arguments(in, torch);
  install_tuple_out_arguments(in, torch);
  add_out_variant(in, torch, "addbmm", "addbmm", OutKind::Addbmm);
  add_out_variant(in, torch, "kron", "kron", OutKind::Kron);
  // torch.norm (torch/functional.py) passes out= to linalg.vector_norm, a structured kernel
  add_out_variant(in, torch, "norm", "linalg_vector_norm", OutKind::Structured);
}

}  // namespace tp::interp::lib
