// Reductions (sum/mean/prod/max/min/argmax/all/any/...), linear algebra (matmul/mm/mv/dot/bmm/
// addmm), joining (cat/stack) and the whole-tensor predicates (equal/allclose), as Tensor methods
// and torch.* functions. max(dim) returns torch.return_types.max(values=..., indices=...).
#include <algorithm>
#include <cmath>

#include "core/context.h"
#include "core/error.h"
#include "bindings/install.h"
#include "bindings/library_variant.h"
#include "ops/iter.h"
#include "ops/math/float_class.h"

namespace tp::interp::lib {

ObjPtr make_struct_seq(Interpreter& in, const std::string& qualname, std::vector<std::string> names,
                       std::vector<ObjPtr> items) {
  auto o = std::make_shared<StructSeqObj>(qualname.substr(qualname.rfind('.') + 1));
  o->qualname = qualname;
  o->names = std::move(names);
  o->items = std::move(items);
  for (size_t i = 0; i < o->names.size(); ++i) o->set(o->names[i], o->items[i]);
  StructSeqObj* raw = o.get();
  o->repr_hook = [raw](Interpreter& in) {
    // torch/csrc/utils/structseq.cpp: one field per line.
    std::string s = raw->qualname + "(\n";
    for (size_t i = 0; i < raw->names.size(); ++i)
      s += raw->names[i] + "=" + in.repr(raw->items[i]) + (i + 1 < raw->names.size() ? ",\n" : ")");
    return s;
  };
  return o;
}

namespace {

bool keepdim_arg(Interpreter& in, ArgParser& p, size_t index) { return bool_arg(in, p.get("keepdim", index), false); }

// all()/any() through comparisons and an integer sum (no grad: bool results).
Tensor count_where(const Tensor& self, CompareOp op, const std::vector<int64_t>& dims, bool keepdim) {
  Tensor hits = tp::compare(self, native::wrap_scalar(Scalar::from_int(0)), op);
  return tp::sum(hits, dims, keepdim, std::nullopt);
}

ObjPtr extremum(Interpreter& in, Tensor& self, ArgParser& p, bool is_max) {
  ObjPtr d = p.get("dim", 0);
  const char* name = is_max ? "max" : "min";
  if (is_none(d)) {
    if (p.kw("keepdim")) throw TorchError("TypeError", std::string(name) + "() received an invalid combination of arguments");
    return in.wrap_tensor(is_max ? tp::max_all(self) : tp::min_all(self));
  }
  if (is_tensor(d)) return in.wrap_tensor(is_max ? tp::maximum(self, tensor_of(d)) : tp::minimum(self, tensor_of(d)));
  int64_t dim = to_int(in, d, "argument 'dim'");
  auto r = is_max ? tp::max_dim(self, dim, keepdim_arg(in, p, 1)) : tp::min_dim(self, dim, keepdim_arg(in, p, 1));
  return make_struct_seq(in, std::string("torch.return_types.") + name, {"values", "indices"},
                         {in.wrap_tensor(r.first), in.wrap_tensor(r.second)});
}

std::vector<Tensor> tensor_list(Interpreter& in, const ObjPtr& o, const std::string& fname) {
  if (!o || (o->kind != Kind::List && o->kind != Kind::Tuple))
    throw TorchError("TypeError", fname + "(): argument 'tensors' (position 1) must be tuple of Tensors, not " +
                                      in.type_name(o));
  std::vector<Tensor> out;
  for (auto& it : sequence_items(in, o)) {
    if (!is_tensor(it))
      throw TorchError("TypeError", "expected Tensor as element " + std::to_string(out.size()) +
                                        " in argument 0, but got " + in.type_name(it));
    out.push_back(tensor_of(it));
  }
  return out;
}

// at::allclose: isclose(...).all(), so dtypes must match and NaN / inf follow Note [closeness].
bool all_close(const Tensor& a, const Tensor& b, double rtol, double atol, bool equal_nan) {
  Tensor far = native::logical_not(native::isclose(a, b, rtol, atol, equal_nan));
  return native::item(native::sum(far, {}, false, std::nullopt)).to_int() == 0;
}

double correction_arg(Interpreter& in, ArgParser& p) {
  if (ObjPtr c = p.kw("correction"); !is_none(c)) return to_double(in, c);
  ObjPtr u = p.kw("unbiased");
  return is_none(u) || in.truthy(u) ? 1.0 : 0.0;
}

// torch.cat(tensors, dim, out=t) (Note [out= arguments]): TORCH_PRECOMPUTE_META_FUNC(cat) checks
// zero-dim inputs, then that the inputs' result type can be cast to out's dtype, which becomes the
// result's; then the shapes; resize_out; and cat_out_cpu refuses an input overlapping out
// (get_overlap_status Partial or Full) before it writes.
ObjPtr cat_out(Interpreter& in, const std::vector<Tensor>& ts, int64_t dim, const ObjPtr& out) {
  if (!is_tensor(out)) throw TorchError("TypeError", "cat(): argument 'out' must be Tensor, not " + in.type_name(out));
  const Tensor& o = tensor_of(out);
  check_out_requires_grad("cat", ts, o);
  bool zero_dim = false;
  for (const auto& t : ts) zero_dim = zero_dim || t.dim() == 0;
  if (!zero_dim && !ts.empty()) {  // else tp::cat raises the zero-dim / empty-list error first
    DType rt = ts[0].dtype();
    for (const auto& t : ts) rt = promote_types(rt, t.dtype());
    TP_CHECK(can_cast(rt, o.dtype()),
             "torch.cat(): input types can't be cast to the desired output type " + scalar_type_name(o.dtype()));
  }
  Tensor result = tp::cat(ts, dim);
  resize_output(o, result.sizes());
  auto dense = [](const Tensor& t) { return native::is_non_overlapping_and_dense(t.sizes(), t.strides()); };
  for (size_t i = 0; i < ts.size(); ++i) {
    const Tensor& t = ts[i];
    if (t.numel() == 0 || o.numel() == 0 || t.storage() != o.storage() || !dense(t) || !dense(o)) continue;
    int64_t a0 = o.storage_offset() * int64_t(o.element_size()), a1 = a0 + o.numel() * int64_t(o.element_size());
    int64_t b0 = t.storage_offset() * int64_t(t.element_size()), b1 = b0 + t.numel() * int64_t(t.element_size());
    TP_CHECK(!(a0 < b1 && b0 < a1), "torch.cat(): unsupported operation: the input tensors cannot refer to any of the "
                                    "output memory locations. Found overlap in input tensor " + std::to_string(i));
  }
  native::write_result_(o, result);
  return out;
}

}  // namespace

ObjPtr softmax_call(Interpreter& in, const Tensor& x, ArgParser& p, bool log) {
  ObjPtr d = p.get("dim", 0);
  auto dtype = opt_dtype(p.kw("dtype"));
  p.kw("_stacklevel");
  if (is_none(d)) throw TorchError("TypeError", std::string(log ? "log_softmax" : "softmax") + "() missing required argument 'dim'");
  int64_t dim = to_int(in, d, "argument 'dim'");
  Tensor input = dtype ? tp::to(x, *dtype, x.device(), false) : x;
  return in.wrap_tensor(log ? tp::log_softmax(input, dim) : tp::softmax(input, dim));
}

void install_reductions(Interpreter& in, ModuleObj& torch, ClassObj& tc) {
  method(tc, "sum", [](Interpreter& in, Tensor& self, ArgParser& p) {
    auto dims = dims_arg(in, p.get("dim", 0));
    return in.wrap_tensor(tp::sum(self, dims, keepdim_arg(in, p, 1), opt_dtype(p.kw("dtype"))));
  }, &torch);
  method(tc, "mean", [](Interpreter& in, Tensor& self, ArgParser& p) {
    auto dims = dims_arg(in, p.get("dim", 0));
    return in.wrap_tensor(tp::mean(self, dims, keepdim_arg(in, p, 1), opt_dtype(p.kw("dtype"))));
  }, &torch);
  method(tc, "prod", [](Interpreter& in, Tensor& self, ArgParser& p) {
    auto dim = opt_int(in, p.get("dim", 0), "argument 'dim'");
    return in.wrap_tensor(tp::prod(self, dim, keepdim_arg(in, p, 1), opt_dtype(p.kw("dtype"))));
  }, &torch);
  method(tc, "max", [](Interpreter& in, Tensor& self, ArgParser& p) { return extremum(in, self, p, true); }, &torch);
  method(tc, "min", [](Interpreter& in, Tensor& self, ArgParser& p) { return extremum(in, self, p, false); }, &torch);
  // logsumexp(dim, keepdim=False): dim is required (int[1] in native_functions.yaml).
  method(tc, "logsumexp", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::logsumexp(self, dims_arg(in, p.required("dim", 0)), keepdim_arg(in, p, 1)));
  }, &torch);
  method(tc, "median", [](Interpreter& in, Tensor& self, ArgParser& p) {
    ObjPtr d = p.get("dim", 0);
    if (is_none(d)) return in.wrap_tensor(tp::median_all(self));
    auto r = tp::median_dim(self, to_int(in, d, "argument 'dim'"), keepdim_arg(in, p, 1));
    return make_struct_seq(in, "torch.return_types.median", {"values", "indices"},
                           {in.wrap_tensor(r.first), in.wrap_tensor(r.second)});
  }, &torch);
  method(tc, "kthvalue", [](Interpreter& in, Tensor& self, ArgParser& p) {
    int64_t k = to_int(in, p.required("k", 0), "argument 'k'");
    ObjPtr d = p.get("dim", 1);
    int64_t dim = is_none(d) ? -1 : to_int(in, d, "argument 'dim'");
    auto r = tp::kthvalue(self, k, dim, keepdim_arg(in, p, 2));
    return make_struct_seq(in, "torch.return_types.kthvalue", {"values", "indices"},
                           {in.wrap_tensor(r.first), in.wrap_tensor(r.second)});
  }, &torch);
  method(tc, "amax", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::amax(self, dims_arg(in, p.get("dim", 0)), keepdim_arg(in, p, 1)));
  }, &torch);
  // aminmax(*, dim=None, keepdim=False) -> torch.return_types.aminmax(min=..., max=...)
  method(tc, "aminmax", [](Interpreter& in, Tensor& self, ArgParser& p) {
    auto r = tp::aminmax(self, opt_int(in, p.kw("dim"), "argument 'dim'"), bool_arg(in, p.kw("keepdim"), false));
    return make_struct_seq(in, "torch.return_types.aminmax", {"min", "max"}, {in.wrap_tensor(r.first), in.wrap_tensor(r.second)});
  }, &torch);
  method(tc, "amin", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::amin(self, dims_arg(in, p.get("dim", 0)), keepdim_arg(in, p, 1)));
  }, &torch);
  method(tc, "argmax", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::argmax(self, opt_int(in, p.get("dim", 0), "argument 'dim'"), keepdim_arg(in, p, 1)));
  }, &torch);
  method(tc, "argmin", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::argmin(self, opt_int(in, p.get("dim", 0), "argument 'dim'"), keepdim_arg(in, p, 1)));
  }, &torch);
  method(tc, "all", [](Interpreter& in, Tensor& self, ArgParser& p) {
    auto dims = dims_arg(in, p.get("dim", 0));
    Tensor misses = count_where(self, CompareOp::Eq, dims, keepdim_arg(in, p, 1));
    return in.wrap_tensor(tp::compare(misses, native::wrap_scalar(Scalar::from_int(0)), CompareOp::Eq));
  }, &torch);
  method(tc, "any", [](Interpreter& in, Tensor& self, ArgParser& p) {
    auto dims = dims_arg(in, p.get("dim", 0));
    Tensor hits = count_where(self, CompareOp::Ne, dims, keepdim_arg(in, p, 1));
    return in.wrap_tensor(tp::compare(hits, native::wrap_scalar(Scalar::from_int(0)), CompareOp::Gt));
  }, &torch);

  for (const char* n : {"var", "std"}) {
    bool is_std = std::string(n) == "std";
    method(tc, n, [is_std](Interpreter& in, Tensor& self, ArgParser& p) {
      ObjPtr d = p.get("dim", 0);
      std::vector<int64_t> dims;
      double correction = 1;
      if (d && d->kind == Kind::Bool) correction = in.truthy(d) ? 1 : 0;  // std(unbiased)
      else dims = dims_arg(in, d);
      if (p.count() > 1 && p.positional(1)->kind == Kind::Bool) correction = in.truthy(p.positional(1)) ? 1 : 0;
      if (p.kw("correction") || p.kw("unbiased")) correction = correction_arg(in, p);
      bool keepdim = bool_arg(in, p.kw("keepdim"), false);
      return in.wrap_tensor(is_std ? tp::stddev(self, dims, correction, keepdim) : tp::var(self, dims, correction, keepdim));
    }, &torch);
  }
  // torch.var_mean / torch.std_mean (functions only): a plain (var|std, mean) tuple, arguments as var/std.
  for (const char* n : {"var_mean", "std_mean"}) {
    bool is_std = std::string(n) == "std_mean";
    std::string name = n;
    def(torch, "torch.", name, [is_std, name](Interpreter& in, CallArgs& a) -> ObjPtr {
      ArgParser p(in, "torch." + name, a);
      const Tensor& self = tensor_arg(in, p.required("input", 0), name, "input", 1);
      ObjPtr d = p.get("dim", 1);
      std::vector<int64_t> dims;
      double correction = 1;
      if (d && d->kind == Kind::Bool) correction = in.truthy(d) ? 1 : 0;
      else dims = dims_arg(in, d);
      if (p.count() > 2 && p.positional(2)->kind == Kind::Bool) correction = in.truthy(p.positional(2)) ? 1 : 0;
      if (p.kw("correction") || p.kw("unbiased")) correction = correction_arg(in, p);
      bool keepdim = bool_arg(in, p.kw("keepdim"), false);
      p.finish();
      auto r = tp::var_mean(self, dims, correction, keepdim, is_std);
      return in.make_tuple({in.wrap_tensor(r.first), in.wrap_tensor(r.second)});
    });
  }
  // Tensor.norm / torch.norm (torch/functional.py): p="fro" (with at most 2 dims) or a number goes to
  // linalg.vector_norm, so the grad_fn is LinalgVectorNormBackward0.
  Method norm = [](Interpreter& in, Tensor& self, ArgParser& p) -> ObjPtr {
    ObjPtr po = p.get("p", 0);
    ObjPtr dobj = p.get("dim", 1);
    auto dims = dims_arg(in, dobj);
    double pv = 2;
    if (po && po->kind == Kind::Str) {
      bool one_dim = is_none(dobj) || dobj->kind == Kind::Int;
      if (to_str(in, po) != "fro" || (!one_dim && dims.size() > 2))
        throw TorchError("RuntimeError", "norm(p='" + to_str(in, po) + "') as a matrix norm is not supported by the playground");
    } else if (!is_none(po)) {
      pv = to_double(in, po);
    }
    bool keepdim = bool_arg(in, p.get("keepdim", 2), false);
    return in.wrap_tensor(tp::linalg_vector_norm(self, pv, dims, keepdim, opt_dtype(p.kw("dtype"))));
  };
  method(tc, "norm", norm, &torch);
  // Tensor.norm is Python (torch/_tensor.py: def norm(self, p="fro", dim=None, keepdim=False,
  // dtype=None)), so CPython binds its arguments (initialize_locals) and names it by __qualname__:
  // keywords first ("Tensor.norm() got an unexpected keyword argument 'out'", "... got multiple
  // values for argument 'p'"), then the positional count. No signature table applies.
  def(tc, "Tensor.", "norm", [norm](Interpreter& in, CallArgs& a) -> ObjPtr {
    static const std::vector<std::string> params = {"self", "p", "dim", "keepdim", "dtype"};
    for (const auto& kv : a.kwargs) {
      auto it = std::find(params.begin(), params.end(), kv.first);
      if (it == params.end())
        throw TorchError("TypeError", "Tensor.norm() got an unexpected keyword argument '" + kv.first + "'");
      if (size_t(it - params.begin()) < a.args.size())
        throw TorchError("TypeError", "Tensor.norm() got multiple values for argument '" + kv.first + "'");
    }
    if (a.args.size() > params.size())
      throw TorchError("TypeError", "Tensor.norm() takes from 1 to 5 positional arguments but " +
                                        std::to_string(a.args.size()) + " were given");
    Tensor self = take_self(in, a);
    ArgParser p(in, "norm", a);
    ObjPtr r = norm(in, self, p);
    p.finish();
    return r;
  });
  method(tc, "softmax", [](Interpreter& in, Tensor& self, ArgParser& p) { return softmax_call(in, self, p, false); }, &torch);
  method(tc, "log_softmax", [](Interpreter& in, Tensor& self, ArgParser& p) { return softmax_call(in, self, p, true); }, &torch);

  // ---------------------------------------------------------------- linear algebra
  method(tc, "matmul", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::matmul(self, tensor_arg(in, p.required("other", 0), "matmul", "other", 2)));
  }, &torch);
  method(tc, "mm", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::mm(self, tensor_arg(in, p.required("mat2", 0), "mm", "mat2", 2)));
  }, &torch);
  method(tc, "mv", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::mv(self, tensor_arg(in, p.required("vec", 0), "mv", "vec", 2)));
  }, &torch);
  method(tc, "dot", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::dot(self, tensor_arg(in, p.required("tensor", 0), "dot", "tensor", 2)));
  }, &torch);
  method(tc, "bmm", [](Interpreter& in, Tensor& self, ArgParser& p) {
    return in.wrap_tensor(tp::bmm(self, tensor_arg(in, p.required("mat2", 0), "bmm", "mat2", 2)));
  }, &torch);
  // addmm / addmv / baddbmm / addbmm(self, a, b, *, beta=1, alpha=1): out = beta * self + alpha * (a @ b).
  method(tc, "addmm", [](Interpreter& in, Tensor& self, ArgParser& p) {
    const Tensor& m1 = tensor_arg(in, p.required("mat1", 0), "addmm", "mat1", 2);
    const Tensor& m2 = tensor_arg(in, p.required("mat2", 1), "addmm", "mat2", 3);
    return in.wrap_tensor(tp::addmm(self, m1, m2, kw_scalar(p, "beta"), kw_scalar(p, "alpha")));
  }, &torch);
  method(tc, "addmv", [](Interpreter& in, Tensor& self, ArgParser& p) {
    const Tensor& mat = tensor_arg(in, p.required("mat", 0), "addmv", "mat", 2);
    const Tensor& vec = tensor_arg(in, p.required("vec", 1), "addmv", "vec", 3);
    return in.wrap_tensor(tp::addmv(self, mat, vec, kw_scalar(p, "beta"), kw_scalar(p, "alpha")));
  }, &torch);
  method(tc, "baddbmm", [](Interpreter& in, Tensor& self, ArgParser& p) {
    const Tensor& b1 = tensor_arg(in, p.required("batch1", 0), "baddbmm", "batch1", 2);
    const Tensor& b2 = tensor_arg(in, p.required("batch2", 1), "baddbmm", "batch2", 3);
    return in.wrap_tensor(tp::baddbmm(self, b1, b2, kw_scalar(p, "beta"), kw_scalar(p, "alpha")));
  }, &torch);
  method(tc, "addbmm", [](Interpreter& in, Tensor& self, ArgParser& p) {
    const Tensor& b1 = tensor_arg(in, p.required("batch1", 0), "addbmm", "batch1", 2);
    const Tensor& b2 = tensor_arg(in, p.required("batch2", 1), "addbmm", "batch2", 3);
    return in.wrap_tensor(tp::addbmm(self, b1, b2, kw_scalar(p, "beta"), kw_scalar(p, "alpha")));
  }, &torch);

  // ---------------------------------------------------------------- whole-tensor predicates
  method(tc, "equal", [](Interpreter& in, Tensor& self, ArgParser& p) {
    const Tensor& o = tensor_arg(in, p.required("other", 0), "equal", "other", 2);
    if (self.sizes() != o.sizes()) return in.make_bool(false);
    Tensor ne = tp::compare(self, o, CompareOp::Ne);
    return in.make_bool(tp::item(tp::sum(ne, {}, false, std::nullopt)).to_int() == 0);
  }, &torch);
  method(tc, "allclose", [](Interpreter& in, Tensor& self, ArgParser& p) {
    const Tensor& o = tensor_arg(in, p.required("other", 0), "allclose", "other", 2);
    double rtol = double_arg(in, p.get("rtol", 1), 1e-5), atol = double_arg(in, p.get("atol", 2), 1e-8);
    bool equal_nan = bool_arg(in, p.get("equal_nan", 3), false);
    return in.make_bool(all_close(self, o, rtol, atol, equal_nan));
  }, &torch);

  // ---------------------------------------------------------------- joining
  def(torch, "torch.", "cat", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.cat", a);
    auto ts = tensor_list(in, p.required("tensors", 0), "cat");
    int64_t dim = is_none(p.get("dim", 1)) ? 0 : to_int(in, p.get("dim", 1), "argument 'dim'");
    ObjPtr out = p.kw("out");
    p.finish();
    if (is_none(out)) return in.wrap_tensor(tp::cat(ts, dim));
    return cat_out(in, ts, dim, out);
  });
  torch.set("concat", torch.get("cat"));
  def(torch, "torch.", "stack", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.stack", a);
    auto ts = tensor_list(in, p.required("tensors", 0), "stack");
    int64_t dim = is_none(p.get("dim", 1)) ? 0 : to_int(in, p.get("dim", 1), "argument 'dim'");
    p.finish();
    return in.wrap_tensor(tp::stack(ts, dim));
  });

  // ---------------------------------------------------------------- torch.linalg (vector norms only)
  auto linalg = std::make_shared<ModuleObj>("torch.linalg");
  if (full_library()) install_linalg_cross(in, *linalg);
  if (full_library()) install_products(in, torch, tc, *linalg);
  def(*linalg, "torch.linalg.", "vector_norm", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.linalg.vector_norm", a);
    const Tensor& x = tensor_arg(in, p.required("x", 0), "linalg_vector_norm", "input", 1);
    double ord = double_arg(in, p.get("ord", 1), 2.0);
    auto dims = dims_arg(in, p.get("dim", 2));
    bool keepdim = bool_arg(in, p.get("keepdim", 3), false);
    auto dtype = opt_dtype(p.kw("dtype"));
    p.finish();
    return in.wrap_tensor(tp::linalg_vector_norm(x, ord, dims, keepdim, dtype));
  });
  // LinearAlgebra.cpp linalg_norm: ord=None, or a 1-D input / one dim, is a vector norm.
  def(*linalg, "torch.linalg.", "norm", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "torch.linalg.norm", a);
    const Tensor& x = tensor_arg(in, p.required("A", 0), "linalg_norm", "input", 1);
    ObjPtr ord = p.get("ord", 1), dobj = p.get("dim", 2);
    bool keepdim = bool_arg(in, p.get("keepdim", 3), false);
    auto dtype = opt_dtype(p.kw("dtype"));
    p.finish();
    auto dims = dims_arg(in, dobj);
    if (!is_none(dobj)) {
      if (dims.size() != 1 && dims.size() != 2) {
        std::string got = "[";
        for (size_t i = 0; i < dims.size(); ++i) got += (i ? ", " : "") + std::to_string(dims[i]);
        throw TorchError("RuntimeError", "linalg.norm: If dim is specified, it must be of length 1 or 2. Got " + got + "]");
      }
    } else if (!is_none(ord) && x.dim() != 1 && x.dim() != 2) {
      throw TorchError("RuntimeError", "linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got " +
                                           std::to_string(x.dim()) + "D.");
    }
    if (!is_none(ord) && ((!is_none(dobj) && dims.size() == 2) || (is_none(dobj) && x.dim() == 2)))
      throw TorchError("RuntimeError", "torch.linalg.norm with a matrix ord (linalg.matrix_norm) is not supported by the playground");
    if (!is_none(ord) && ord->kind == Kind::Str)
      throw TorchError("RuntimeError", "linalg.vector_norm does not accept ord='" + to_str(in, ord) + "'");
    return in.wrap_tensor(tp::linalg_vector_norm(x, double_arg(in, ord, 2.0), dims, keepdim, dtype));
  });
  in.register_module("torch.linalg", linalg);
  torch.set("linalg", linalg);
}

}  // namespace tp::interp::lib
