// torch.autograd.gradcheck (torch/autograd/gradcheck.py): gradcheck, gradgradcheck, GradcheckError.
// The slow mode (fast_mode=False, the default) written as PyTorch writes it: every element of every
// input that requires grad is perturbed by ±eps in place through `.data` and the user function runs
// twice (central differences, one Jacobian column each); the analytical Jacobian is built row by
// row with autograd.grad on one-hot grad_outputs, twice (the reentrancy check); the two are compared
// with allclose(rtol, atol); then backward must be linear in grad_output (zero grad_outputs give zero
// grads), and undefined output grads must be handled. fast_mode=True compares v^T J u instead
// (_fast_gradcheck), with u, v drawn from a private default-seeded generator. Only real dtypes
// exist in the playground, so the complex (Wirtinger) branches never run. check_batched_grad runs
// without vmap (test_batched_grad); forward AD is not built.
#include "autograd/functions.h"
#include "bindings/install.h"
#include "core/context.h"
#include "core/error.h"
#include "core/generator.h"

#include <limits>
#include <utility>

namespace tp::interp::lib {

namespace {

using Tensors = std::vector<Tensor>;
using Objs = std::vector<ObjPtr>;

const char* const kGradcheckError = "torch.autograd.gradcheck.GradcheckError";

[[noreturn]] void fail(const std::string& msg) { throw TorchError(kGradcheckError, msg); }

struct Options {
  double eps = 1e-6, atol = 1e-5, rtol = 1e-3, nondet_tol = 0.0;
  bool raise_exception = true, check_undefined_grad = true, check_grad_dtypes = false, fast_mode = false;
  bool check_batched_grad = false;
};

// _as_tuple: a tuple or list as its items, anything else as a 1-tuple.
Objs as_tuple(const ObjPtr& x) {
  if (x->kind == Kind::Tuple) return cast<TupleObj>(x).items;
  if (x->kind == Kind::List) return cast<ListObj>(x).items;
  return {x};
}

bool requires_grad_of(Interpreter& in, const ObjPtr& o) { return in.truthy(in.getattr(o, "requires_grad")); }

// _differentiable_outputs: the outputs with o.requires_grad (an AttributeError for non-tensors).
Objs differentiable_outputs(Interpreter& in, const ObjPtr& x) {
  Objs out;
  for (const auto& o : as_tuple(x))
    if (requires_grad_of(in, o)) out.push_back(o);
  return out;
}

Tensors tensors_of(const Objs& objs) {
  Tensors out;
  for (const auto& o : objs) out.push_back(tensor_of(o));
  return out;
}

// _iter_tensors(x, only_requiring_grad=True): tensors that require grad, through nested lists/tuples.
void iter_tensors(const ObjPtr& x, Tensors& out) {
  if (is_tensor(x)) {
    if (tensor_of(x).requires_grad()) out.push_back(tensor_of(x));
  } else if (x->kind == Kind::Tuple || x->kind == Kind::List) {
    for (const auto& e : as_tuple(x)) iter_tensors(e, out);
  }
}
Tensors diff_inputs(const Objs& inputs) {
  Tensors out;
  for (const auto& x : inputs) iter_tensors(x, out);
  return out;
}

bool is_float_tensor(const ObjPtr& o) { return is_tensor(o) && is_floating(tensor_of(o).dtype()); }

ObjPtr call_func(Interpreter& in, const ObjPtr& func, const Objs& inputs) { return in.call(func, CallArgs{inputs, {}}); }

// wrapped_fn of _with_prepare_inputs: the function's outputs, each cloned.
Tensors cloned_outputs(Interpreter& in, const ObjPtr& func, const Objs& inputs) {
  Tensors out;
  for (const auto& a : as_tuple(call_func(in, func, inputs))) {
    ObjPtr c = in.call(in.getattr(a, "clone"), CallArgs{});
    out.push_back(tensor_of(c));
  }
  return out;
}

Tensor scalar(double v) { return native::wrap_scalar(Scalar::from_double(v)); }

std::string py_float(Interpreter& in, double v) { return in.repr(in.make_float(v)); }

// The multi-index of flat element `flat` of `sizes` (row-major), as _iter_tensor's product() yields it.
Shape unravel(int64_t flat, const Shape& sizes) {
  Shape idx(sizes.size());
  for (size_t k = sizes.size(); k-- > 0;) {
    idx[k] = flat % sizes[k];
    flat /= sizes[k];
  }
  return idx;
}

// _check_outputs_same_dtype_and_shape.
void check_same_dtype_and_shape(Interpreter& in, const Tensor& a, const Tensor& b, double eps, const Shape* idx) {
  std::string on_index = idx ? "on index " + in.repr(int_tuple(in, *idx)) + " " : "";
  if (a.sizes() != b.sizes())
    throw TorchError("AssertionError", "Expected `func` to return outputs with the same shape when inputs are perturbed " +
                                           on_index + "by " + py_float(in, eps) + ", but got: shapes " +
                                           in.repr(size_obj(in, a.sizes())) + " and " + in.repr(size_obj(in, b.sizes())) + ".");
  if (a.dtype() != b.dtype())
    throw TorchError("AssertionError", "Expected `func` to return outputs with the same dtype when inputs are perturbed " +
                                           on_index + "by " + py_float(in, eps) + ", but got: dtypes " +
                                           in.repr(dtype_obj(in, a.dtype())) + " and " + in.repr(dtype_obj(in, b.dtype())) + ".");
}

// get_numerical_jacobian_wrt_specific_input: one Jacobian (input numel x output numel) per float
// output of func_out, column by column.
Tensors numerical_jacobian_wrt(Interpreter& in, const ObjPtr& func, const Objs& inputs, const Objs& func_out,
                               const Tensor& input, double eps) {
  Tensor x = tp::data(input);  // .data: perturbing it bumps no version the graph checks
  std::vector<Tensors> cols;
  for (int64_t d = 0; d < x.numel(); ++d) {
    Shape idx = unravel(d, x.sizes());
    Tensor entry = x;
    for (int64_t i : idx) entry = tp::select(entry, 0, i);
    if (idx.empty()) entry = tp::alias(x);
    // _compute_numerical_gradient: central difference.
    Tensor orig = tp::clone(entry);
    tp::copy_(entry, tp::sub(orig, scalar(eps)));
    Tensors outa = cloned_outputs(in, func, inputs);
    tp::copy_(entry, tp::add(orig, scalar(eps)));
    Tensors outb = cloned_outputs(in, func, inputs);
    tp::copy_(entry, orig);
    Tensors col;
    for (size_t k = 0; k < outa.size() && k < outb.size(); ++k) {
      check_same_dtype_and_shape(in, outa[k], outb[k], eps, &idx);
      col.push_back(tp::reshape(tp::detach(tp::div(tp::sub(outb[k], outa[k]), scalar(2 * eps))), {-1}));
    }
    cols.push_back(col);
  }
  // _combine_jacobian_cols: row k of output i's Jacobian is column k's entry i.
  Tensors jacobians;
  for (const auto& t : func_out)
    if (is_float_tensor(t))
      jacobians.push_back(native::zeros({x.numel(), tensor_of(t).numel()}, tensor_of(t).dtype(), tensor_of(t).device()));
  for (size_t i = 0; i < jacobians.size(); ++i)
    for (size_t k = 0; k < cols.size(); ++k) tp::copy_(tp::select(jacobians[i], 0, int64_t(k)), cols[k].at(i));
  return jacobians;
}

// _get_numerical_jacobian: per input that requires grad, per float output.
std::vector<Tensors> numerical_jacobian(Interpreter& in, const ObjPtr& func, const Objs& inputs, const Objs& func_out,
                                        double eps) {
  for (const auto& o : func_out)
    if (!is_tensor(o)) in.getattr(o, "is_complex");  // `o.is_complex()` on a non-tensor output
  std::vector<Tensors> out;
  for (const auto& a : inputs)
    if (is_tensor(a) && tensor_of(a).requires_grad())
      out.push_back(numerical_jacobian_wrt(in, func, inputs, func_out, tensor_of(a), eps));
  return out;
}

// _compute_analytical_jacobian_rows: row j of the Jacobian is the vjp with the one-hot e_j.
std::vector<Tensors> analytical_rows(const Tensor& output, const Tensors& diff) {
  Tensor sample = tp::clone(output);
  Tensor base = native::zeros(sample.sizes(), sample.dtype(), sample.device());
  Tensor flat = tp::view(base, {-1});
  std::vector<Tensors> rows;
  for (int64_t j = 0; j < flat.numel(); ++j) {
    tp::zero_(flat);
    tp::fill_(tp::select(flat, 0, j), Scalar::from_double(1.0));
    Tensors grads = tp::grad({output}, diff, {base}, /*retain_graph=*/true, /*create_graph=*/false, /*allow_unused=*/true);
    for (size_t i = 0; i < grads.size(); ++i) {
      if (j == 0) rows.emplace_back();
      rows[i].push_back(grads[i].defined() ? tp::clone(grads[i]) : Tensor());
    }
  }
  return rows;
}

struct Stacked {
  Tensors jacobians;
  bool sizes_ok = true, types_ok = true;
};

// _stack_and_check_tensors: rows become the columns of (input numel x output numel) Jacobians.
Stacked stack_and_check(const std::vector<Tensors>& rows, const Objs& inputs, const Tensors& diff, int64_t numel_out) {
  Stacked s;
  for (const auto& t : inputs)
    if (is_float_tensor(t) && tensor_of(t).requires_grad())
      s.jacobians.push_back(native::zeros({tensor_of(t).numel(), numel_out}, tensor_of(t).dtype(), tensor_of(t).device()));
  for (size_t i = 0; i < rows.size(); ++i) {
    const Tensor& inp = diff.at(i);
    const Tensor& jac = s.jacobians.at(i);
    for (size_t j = 0; j < rows[i].size(); ++j) {
      const Tensor& t = rows[i][j];
      Tensor column = tp::select(jac, 1, int64_t(j));
      if (t.defined() && t.sizes() != inp.sizes()) s.sizes_ok = false;
      else if (t.defined() && t.dtype() != inp.dtype()) s.types_ok = false;
      if (!t.defined()) {
        tp::zero_(column);
        continue;
      }
      if (column.numel() != t.numel())
        throw TorchError("AssertionError", "Expected out_jacobian column to have " + std::to_string(t.numel()) +
                                               " elements, but got " + std::to_string(column.numel()));
      tp::copy_(column, tp::reshape(t, {-1}));
    }
  }
  return s;
}

// max(|a - b|) over all elements (a nan difference compares false, as in `(a - b).abs().max() > tol`).
bool max_diff_exceeds(const Tensor& a, const Tensor& b, double tol) {
  Tensor d = tp::contiguous(tp::unary(tp::sub(a, b), UnaryOp::Abs));
  Tensor m = tp::max_all(d);
  return m.double_at(m.storage_offset()) > tol;
}

const char* const kFailedNondet =
    "\n\nNOTE: If your op relies on non-deterministic operations i.e., it is listed here:\n"
    "https://pytorch.org/docs/stable/generated/torch.use_deterministic_algorithms.html\n"
    "this failure might be expected.\n\n"
    "If you are adding a new operator, please file an issue and then use one of the\n"
    "workarounds. The workaround depends on how your test invokes gradcheck/gradgradcheck.\n"
    "If the test\n"
    "- manually invokes gradcheck/gradgradcheck, then call gradcheck/gradgradcheck\n"
    "  with `nondet_tol=<tol>` as a keyword argument.\n"
    "- is OpInfo-based (e.g., in test_ops_gradients.py), then modify the OpInfo for the test\n"
    "  to have `gradcheck_nondet_tol=<tol>`.\n"
    "- is a Module test (e.g., in common_nn.py), then modify the corresponding\n"
    "  module_test entry to have `gradcheck_nondet_tol=<tol>`\n";

// _get_analytical_vjps_wrt_specific_output (fast mode): the one vjp with v.
std::vector<Tensors> analytical_vjps(const Tensor& output, const Tensors& diff, const Tensor& v) {
  Tensor sample = tp::clone(output);  // output.clone(): only its shape is used
  Tensors grads = tp::grad({output}, diff, {tp::reshape(v, sample.sizes())}, true, false, /*allow_unused=*/true);
  std::vector<Tensors> rows;
  for (const auto& g : grads) rows.push_back({g.defined() ? tp::clone(g) : Tensor()});
  return rows;
}

// _check_analytical_jacobian_attributes: slow mode (v undefined) gives (input numel x output
// numel) Jacobians, fast mode (input numel x 1) vector-Jacobian products.
Tensors analytical_jacobian(Interpreter& in, const Objs& inputs, const Tensor& output, const Options& o,
                            const Tensor& v = Tensor()) {
  Tensors diff = diff_inputs(inputs);
  bool fast = v.defined();
  auto rows1 = fast ? analytical_vjps(output, diff, v) : analytical_rows(output, diff);
  auto rows2 = fast ? analytical_vjps(output, diff, v) : analytical_rows(output, diff);
  int64_t numel_out = fast ? 1 : output.numel();
  Stacked s1 = stack_and_check(rows1, inputs, diff, numel_out);
  Stacked s2 = stack_and_check(rows2, inputs, diff, numel_out);
  bool reentrant = true;
  for (size_t k = 0; k < s1.jacobians.size() && k < s2.jacobians.size(); ++k)
    if (s1.jacobians[k].numel() != 0 && max_diff_exceeds(s1.jacobians[k], s2.jacobians[k], o.nondet_tol)) reentrant = false;
  // PyTorch unpacks (jacobians, correct_grad_sizes, correct_grad_types) into (jacobians1, types_ok,
  // sizes_ok): a wrong size is reported as a dtype mismatch and the other way round.
  bool types_ok = s1.sizes_ok, sizes_ok = s1.types_ok;
  if (!types_ok && o.check_grad_dtypes) fail("Gradient has dtype mismatch");
  if (!sizes_ok) fail("Analytical gradient has incorrect size");
  if (!reentrant)
    fail("Backward is not reentrant, i.e., running backward with same input and grad_output multiple times gives "
         "different values, although analytical gradient matches numerical gradient.The tolerance for nondeterminism "
         "was " + py_float(in, o.nondet_tol) + "." + kFailedNondet);
  return s1.jacobians;
}

// _allclose_with_type_promotion.
bool allclose_promoted(Interpreter& in, const Tensor& a, const Tensor& b, double rtol, double atol) {
  DType d = promote_types(a.dtype(), b.dtype());
  ObjPtr x = in.wrap_tensor(tp::to(a, d, a.device(), false)), y = in.wrap_tensor(tp::to(b, d, a.device(), false));
  return in.truthy(in.call(in.getattr(x, "allclose"), CallArgs{{y, in.make_float(rtol), in.make_float(atol)}, {}}));
}

// _slow_gradcheck (real inputs and outputs).
void slow_gradcheck(Interpreter& in, const ObjPtr& func, const ObjPtr& func_out_obj, const Objs& inputs,
                    const Objs& outputs, const Options& o) {
  Objs func_out = as_tuple(func_out_obj);
  if (outputs.empty()) {  // _check_no_differentiable_outputs
    for (const auto& per_input : numerical_jacobian(in, func, inputs, func_out, o.eps))
      for (const auto& j : per_input)
        if (tp::sum(tp::compare(j, scalar(0), CompareOp::Ne), {}, false, std::nullopt).int_at(0) > 0)
          fail("Numerical gradient for function expected to be zero");
    return;
  }
  std::vector<Tensors> per_input = numerical_jacobian(in, func, inputs, func_out, o.eps);
  // _transpose, then keep the outputs that require grad (zip with func_out, as PyTorch does).
  std::vector<Tensors> numerical;
  size_t n_out = per_input.empty() ? 0 : per_input[0].size();
  for (const auto& p : per_input) n_out = std::min(n_out, p.size());
  for (size_t k = 0; k < n_out && k < func_out.size(); ++k) {
    if (!requires_grad_of(in, func_out[k])) continue;
    Tensors row;
    for (const auto& p : per_input) row.push_back(p[k]);
    numerical.push_back(row);
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    Tensors analytical = analytical_jacobian(in, inputs, tensor_of(outputs[i]), o);
    if (i >= numerical.size()) break;
    for (size_t j = 0; j < analytical.size() && j < numerical[i].size(); ++j) {
      const Tensor& a = analytical[j];
      const Tensor& n = numerical[i][j];
      if (!allclose_promoted(in, a, n, o.rtol, o.atol))
        fail("Jacobian mismatch for output " + std::to_string(i) + " with respect to input " + std::to_string(j) +
             ",\nnumerical:" + in.str(in.wrap_tensor(n)) + "\nanalytical:" + in.str(in.wrap_tensor(a)) + "\n");
    }
  }
}

// ---------------------------------------------------------------- fast mode (_fast_gradcheck)
// Instead of whole Jacobians, compare v^T J u: J u by one central difference along u per input,
// v^T J by one vjp per output, with random unit vectors u (per input) and v (per output).

// _vec_from_tensor under `with torch.device("cpu")`: torch.rand(numel, generator=g) in the default
// dtype, .to(x's dtype and device), divided by its norm. The private generator (torch.Generator(),
// default seed) leaves the program's random stream alone.
Tensor vec_from_tensor(const Tensor& x, Generator& g) {
  Tensor r;
  {
    struct Swap {
      Generator& a;
      Generator& b;
      Swap(Generator& a, Generator& b) : a(a), b(b) { std::swap(a, b); }
      ~Swap() { std::swap(a, b); }
    } swap(ctx().generator, g);
    r = native::rand({x.numel()}, ctx().default_dtype, Device{});
  }
  Tensor vec = tp::to(r, x.dtype(), x.device(), false);
  return tp::div_(vec, tp::linalg_vector_norm(vec, 2.0, {}, false, std::nullopt));
}

double as_double(const Tensor& t) { return t.double_at(t.storage_offset()); }  // float(t) of a 0-dim tensor

// _get_numerical_jvp_wrt_specific_input: J u for every output, u scaled by eps, one central difference.
Tensors numerical_jvp(Interpreter& in, const ObjPtr& func, const Objs& inputs, size_t input_idx, const Tensor& u,
                      double eps) {
  Tensor x = tp::data(tensor_of(inputs[input_idx]));
  Tensor v = tp::mul(scalar(eps), tp::reshape(u, x.sizes()));
  Tensor orig = tp::clone(x);
  tp::copy_(x, tp::sub(orig, v));
  Tensors outa = cloned_outputs(in, func, inputs);
  tp::copy_(x, tp::add(orig, v));
  Tensors outb = cloned_outputs(in, func, inputs);
  tp::copy_(x, orig);
  Tensors jvps;
  for (size_t k = 0; k < outa.size() && k < outb.size(); ++k) {
    check_same_dtype_and_shape(in, outa[k], outb[k], eps, nullptr);
    jvps.push_back(tp::reshape(tp::detach(tp::div(tp::sub(outb[k], outa[k]), scalar(2 * eps))), {-1}));
  }
  return jvps;
}

const char* const kFastFailSlowOk =
    "Fast gradcheck failed but element-wise differences are small. This means that the\n"
    "test might've passed in slow_mode!\n\n"
    "If you are adding a new operator, please file an issue and then use one of the\n"
    "workarounds. The workaround depends on how your test invokes gradcheck/gradgradcheck:\n\n"
    "If the test\n"
    "- manually invokes gradcheck/gradgradcheck, then call gradcheck/gradgradcheck\n"
    "  with `fast_mode=False` as a keyword argument.\n"
    "- is OpInfo-based (e.g., in test_ops_gradients.py), then modify the OpInfo for the test\n"
    "  to have `gradcheck_fast_mode=False`\n"
    "- is a Module test (e.g., in common_nn.py), then modify the corresponding\n"
    "  module_test entry to have `gradcheck_fast_mode=False`";

// _run_slow_mode_and_get_error: the slow Jacobians of the failing pair, for the message.
std::string slow_mode_report(Interpreter& in, const ObjPtr& func, const Objs& inputs, const Objs& outputs,
                             size_t input_idx, size_t output_idx, const Options& o) {
  Tensor slow_numerical = numerical_jacobian(in, func, inputs, outputs, o.eps).at(input_idx).at(output_idx);
  Options inf = o;
  inf.nondet_tol = std::numeric_limits<double>::infinity();
  inf.check_grad_dtypes = false;
  Tensor slow_analytical = analytical_jacobian(in, inputs, tensor_of(outputs.at(output_idx)), inf).at(input_idx);
  Tensor max_diff = tp::max_all(tp::unary(tp::sub(slow_numerical, slow_analytical), UnaryOp::Abs));
  ObjPtr a = in.wrap_tensor(slow_analytical);
  bool slow_allclose = in.truthy(in.call(in.getattr(a, "allclose"), CallArgs{{in.wrap_tensor(slow_numerical),
                                                                              in.make_float(o.rtol), in.make_float(o.atol)}, {}}));
  std::string msg =
      "\nThe above quantities relating the numerical and analytical jacobians are computed \n"
      "in fast mode. See: https://github.com/pytorch/pytorch/issues/53876 for more background \n"
      "about fast mode. Below, we recompute numerical and analytical jacobians in slow mode:\n\n"
      "Numerical:\n " + in.str(in.wrap_tensor(slow_numerical)) + "\nAnalytical:\n" + in.str(a) +
      "\n\nThe max per-element difference (slow mode) is: " + in.str(in.wrap_tensor(max_diff)) + ".\n";
  if (slow_allclose) msg += kFastFailSlowOk;
  return msg;
}

void fast_gradcheck(Interpreter& in, const ObjPtr& func, const ObjPtr& func_out_obj, const Objs& inputs,
                    const Objs& outputs, const Options& o) {
  Objs func_out = as_tuple(func_out_obj);
  std::vector<size_t> inp_idx;
  for (size_t i = 0; i < inputs.size(); ++i)
    if (is_tensor(inputs[i]) && tensor_of(inputs[i]).requires_grad()) inp_idx.push_back(i);
  // _make_vectors: u for each input, then v for each output, from one fresh generator.
  Generator g;
  Tensors all_u, all_v;
  for (size_t i : inp_idx) all_u.push_back(vec_from_tensor(tensor_of(inputs[i]), g));
  for (const auto& out : outputs) all_v.push_back(vec_from_tensor(tensor_of(out), g));
  // _get_numerical_vJu: v . (J u) per (input, float output).
  std::vector<Tensors> numerical;
  for (size_t k = 0; k < inp_idx.size(); ++k) {
    Tensors all_ju = numerical_jvp(in, func, inputs, inp_idx[k], all_u[k], o.eps);
    if (all_ju.size() != func_out.size())
      throw TorchError("AssertionError", "Expected all_Ju and func_out to have the same length, but got " +
                                             std::to_string(all_ju.size()) + " and " + std::to_string(func_out.size()));
    Tensors filtered, scalars;
    for (size_t j = 0; j < all_ju.size(); ++j)
      if (is_float_tensor(func_out[j])) filtered.push_back(all_ju[j]);
    for (size_t j = 0; j < all_v.size() && j < filtered.size(); ++j)
      scalars.push_back(tp::sum(tp::mul(all_v[j], filtered[j]), {}, false, std::nullopt));
    numerical.push_back(scalars);
  }
  if (outputs.empty()) {  // _check_no_differentiable_outputs_fast
    for (size_t k = 0; k < inp_idx.size(); ++k)
      for (const auto& jvp : numerical_jvp(in, func, inputs, inp_idx[k], all_u[k], o.eps))
        if (jvp.numel() != 0 && max_diff_exceeds(jvp, native::zeros(jvp.sizes(), jvp.dtype(), jvp.device()), o.nondet_tol))
          fail("Numerical gradient for function expected to be zero");
  }
  // _get_analytical_vJu_backward_mode: (v^T J) . u per (output, input).
  std::vector<Tensors> analytical;
  for (size_t j = 0; j < outputs.size(); ++j) {
    Tensors all_vj = analytical_jacobian(in, inputs, tensor_of(outputs[j]), o, all_v[j]);
    Tensors scalars;
    for (size_t k = 0; k < all_vj.size() && k < all_u.size(); ++k)
      scalars.push_back(tp::dot(tp::squeeze(tp::t(all_vj[k]), 0), all_u[k]));
    analytical.push_back(scalars);
  }
  // _check_analytical_numerical_equal, atol scaled by sum(u) * sum(v) (_adjusted_atol).
  for (size_t i = 0; i < numerical.size(); ++i)
    for (size_t j = 0; j < numerical[i].size(); ++j) {
      const Tensor& a = analytical.at(j).at(i);
      const Tensor& n = numerical[i][j];
      double sum_u = as_double(tp::sum(all_u[i], {}, false, std::nullopt));
      double sum_v = as_double(tp::sum(all_v[j], {}, false, std::nullopt));
      if (!allclose_promoted(in, a, n, o.rtol, o.atol * sum_u * sum_v))
        fail("Jacobian mismatch for output " + std::to_string(j) + " with respect to input " + std::to_string(i) +
             ",\nnumerical:" + in.str(in.wrap_tensor(n)) + "\nanalytical:" + in.str(in.wrap_tensor(a)) + "\n" +
             slow_mode_report(in, func, inputs, outputs, i, j, o));
    }
}

bool all_zero(const Tensor& t) {
  Tensor c = tp::contiguous(t);
  for (int64_t k = 0; k < c.numel(); ++k)
    if (c.double_at(c.storage_index_of(k)) != 0.0) return false;
  return true;
}

// _test_backward_mul_by_grad_output: zero grad_outputs must give zero (or None) grads.
void test_backward_mul_by_grad_output(const Objs& outputs, const Objs& inputs) {
  Tensors diff = diff_inputs(inputs);
  if (diff.empty()) fail("no Tensors requiring grad found in input");
  Tensors outs = tensors_of(outputs), zeros;
  for (const auto& t : outs) zeros.push_back(native::zeros(t.sizes(), t.dtype(), t.device()));
  Tensors grads = tp::grad(outs, diff, zeros, std::nullopt, false, /*allow_unused=*/true);
  for (size_t k = 0; k < grads.size(); ++k) {
    const Tensor& gi = grads[k];
    if (!gi.defined()) continue;
    if (!all_zero(gi)) fail("backward not multiplied by grad_output");
    if (gi.dtype() != diff[k].dtype()) fail("grad is incorrect type");
    if (!(gi.device() == diff[k].device())) fail("grad is incorrect device");
    if (gi.sizes() != diff[k].sizes()) fail("grad is incorrect size");
  }
}

// _test_undefined_backward_mode: backward with undefined output grads (UndefinedGrad) must give
// undefined or zero input grads. An undefined grad reaches a backward formula as zeros here.
void test_undefined_backward_mode(Interpreter& in, const ObjPtr& func, const Objs& outputs, const Objs& inputs) {
  Tensors diff = diff_inputs(inputs);
  if (diff.empty()) fail("no Tensors requiring grad found in input");
  auto warn_bc_breaking = [&in]() {
    in.warn_explicit("Backwards compatibility: New undefined gradient support checking feature is enabled by default, "
                     "but it may break existing callers of this function. If this is true for you, you can call this "
                     "function with \"check_undefined_grad=False\" to disable the feature",
                     "UserWarning", "torch/autograd/gradcheck.py", "return all(check_undefined_grad_support(output) for output in outputs_to_check)");
  };
  auto tensor_outputs = [](const Objs& xs) {
    Tensors out;
    for (const auto& x : xs)
      if (is_tensor(x)) out.push_back(tensor_of(x));
    return out;
  };
  std::vector<Tensors> to_check{tensor_outputs(differentiable_outputs(in, call_func(in, func, inputs)))};
  if (to_check[0].size() > 1)
    for (size_t k = 0; k < outputs.size(); ++k)
      to_check.push_back(tensors_of(differentiable_outputs(in, call_func(in, func, inputs))));
  for (const auto& outs : to_check) {
    Tensors zeros, grads;
    for (const auto& t : outs) zeros.push_back(native::zeros(t.sizes(), t.dtype(), t.device()));
    try {
      grads = tp::grad(outs, diff, zeros, std::nullopt, false, /*allow_unused=*/true);
    } catch (const TorchError& e) {
      if (e.py_type() != "RuntimeError") throw;
      warn_bc_breaking();
      fail("Expected backward function to handle undefined output grads. Please look at \"Notes about undefined "
           "output gradients\" in \"tools/autograd/derivatives.yaml\"");
    }
    for (const auto& gi : grads)
      if (gi.defined() && !all_zero(gi)) {
        warn_bc_breaking();
        fail("Expected all input grads to be undefined or zero when all output grads are undefined or zero. Please "
             "look at \"Notes about undefined output gradients\" in \"tools/autograd/derivatives.yaml\"");
      }
  }
}

const char* const kFailedBatchedGradMsg =
    "gradcheck or gradgradcheck failed while testing batched gradient computation.\n"
    "This could have been invoked in a number of ways (via a test that calls\n"
    "gradcheck/gradgradcheck directly or via an autogenerated test).\n\n"
    "If you are adding a new operator, please file an issue and then use one of the\n"
    "workarounds. The workaround depends on how your test invokes gradcheck/gradgradcheck.\n"
    "If the test\n"
    "- manually invokes gradcheck/gradgradcheck, then call gradcheck/gradgradcheck\n"
    "  with `check_batched_grad=False` as a keyword argument.\n"
    "- is OpInfo-based (e.g., in test_ops_gradients.py), then modify the OpInfo for the test\n"
    "  to have `check_batched_grad=False` and/or `check_batched_gradgrad=False`.\n\n"
    "If you're modifying an existing operator that supports batched grad computation,\n"
    "or wish to make a new operator work with batched grad computation, please read\n"
    "the following.\n\n"
    "To compute batched grads (e.g., jacobians, hessians), we vmap over the backward\n"
    "computation. The most common failure case is if there is a 'vmap-incompatible\n"
    "operation' in the backward pass. Please see\n"
    "NOTE: [How to write vmap-compatible backward formulas]\n"
    "in the codebase for an explanation of how to fix this.";

// _test_batched_grad: two vjps with randn_like(output) grad_outputs (drawn from the global
// generator, as PyTorch draws them), stacked, against vmap(vjp) over the stacked grad_outputs.
// The playground has no vmap: the batched vjp is the same vjps run again one batch entry at a time,
// which is what vmap computes; a backward that does not repeat itself fails the comparison.
void test_batched_grad(Interpreter& in, const Objs& inputs, const Tensor& output, size_t output_idx) {
  Tensors diff;
  for (const auto& x : inputs) iter_tensors(x, diff);
  auto vjp = [&](const Tensor& v) {
    Tensors grads = tp::grad({output}, diff, {v}, /*retain_graph=*/true, /*create_graph=*/false, /*allow_unused=*/true);
    for (size_t i = 0; i < grads.size(); ++i)
      if (!grads[i].defined())
        grads[i] = native::expand(native::zeros({}, diff[i].dtype(), diff[i].device()), diff[i].sizes());
    return grads;
  };
  Tensors grad_outputs;
  for (int k = 0; k < 2; ++k)
    grad_outputs.push_back(native::randn_like(output, output.dtype(), output.device(), MemoryFormat::Preserve));
  auto batched = [&]() {
    std::vector<Tensors> shards(diff.size());
    for (const auto& g : grad_outputs) {
      Tensors r = vjp(g);
      for (size_t i = 0; i < r.size(); ++i) shards[i].push_back(r[i]);
    }
    Tensors stacked;
    for (const auto& s : shards) stacked.push_back(tp::stack(s, 0));
    return stacked;
  };
  Tensors expected = batched();
  Tensors result;
  try {
    result = batched();
  } catch (const TorchError& e) {
    if (e.py_type() != "RuntimeError") throw;
    fail("While computing batched gradients, got: " + std::string(e.what()) + "\n\n" + kFailedBatchedGradMsg);
  }
  for (size_t i = 0; i < result.size(); ++i) {
    if (allclose_promoted(in, result[i], expected[i], 1e-5, 1e-8)) continue;  // torch.allclose(res, exp)
    fail("For output " + std::to_string(output_idx) + " and input " + std::to_string(i) + ":\n\n" +
         kFailedBatchedGradMsg + "\n\nGot:\n" + in.str(in.wrap_tensor(result[i])) + "\n\nExpected:\n" +
         in.str(in.wrap_tensor(expected[i])));
  }
}

// _check_inputs.
void check_inputs(Interpreter& in, const Objs& inputs) {
  bool any = false;
  for (size_t idx = 0; idx < inputs.size(); ++idx) {
    if (!is_tensor(inputs[idx]) || !tensor_of(inputs[idx]).requires_grad()) continue;
    const Tensor& inp = tensor_of(inputs[idx]);
    if (inp.dtype() != DType::Float64)
      in.warn_explicit("Input #" + std::to_string(idx) +
                           " requires gradient and is not a double precision floating point or complex. This check "
                           "will likely fail if all the inputs are not of double precision floating point or complex. ",
                       "UserWarning", "torch/autograd/gradcheck.py", "_check_inputs(tupled_inputs)");
    for (int64_t d = 0; d < inp.dim(); ++d)
      if (!(inp.strides()[size_t(d)] > 0 || inp.sizes()[size_t(d)] <= 1))
        throw TorchError("RuntimeError", "The " + std::to_string(idx) +
                                             "th input has a dimension with stride 0. gradcheck only supports inputs "
                                             "that are non-overlapping to be able to compute the numerical gradients "
                                             "correctly. You should call .contiguous on the input before passing it to "
                                             "gradcheck.");
    any = true;
  }
  if (!any)
    throw TorchError("ValueError", "gradcheck expects at least one input tensor to require gradient, but none of the "
                                   "them have requires_grad=True.");
}

// _gradcheck_helper.
void gradcheck_helper(Interpreter& in, const ObjPtr& func, const Objs& inputs, const Options& o) {
  check_inputs(in, inputs);
  ObjPtr func_out = call_func(in, func, inputs);
  Objs outputs = differentiable_outputs(in, func_out);
  if (o.fast_mode) fast_gradcheck(in, func, func_out, inputs, outputs, o);
  else slow_gradcheck(in, func, func_out, inputs, outputs, o);
  if (o.check_batched_grad)
    for (size_t i = 0; i < outputs.size(); ++i) test_batched_grad(in, inputs, tensor_of(outputs[i]), i);
  test_backward_mul_by_grad_output(outputs, inputs);
  if (o.check_undefined_grad) test_undefined_backward_mode(in, func, outputs, inputs);
}

bool run_gradcheck(Interpreter& in, const ObjPtr& func, const Objs& inputs, const Options& o) {
  if (o.raise_exception) {
    gradcheck_helper(in, func, inputs, o);
    return true;
  }
  try {
    gradcheck_helper(in, func, inputs, o);
  } catch (const TorchError& e) {
    if (e.py_type() != kGradcheckError) throw;
    return false;
  }
  return true;
}

[[noreturn]] void not_built(const std::string& what) {
  throw TorchError("NotImplementedError", "tensorplay: " + what + " is not built yet");
}

// The keyword-only options both functions share.
Options parse_options(Interpreter& in, ArgParser& p) {
  Options o;
  o.eps = double_arg(in, p.kw("eps"), 1e-6);
  o.atol = double_arg(in, p.kw("atol"), 1e-5);
  o.rtol = double_arg(in, p.kw("rtol"), 1e-3);
  o.raise_exception = bool_arg(in, p.kw("raise_exception"), true);
  o.nondet_tol = double_arg(in, p.kw("nondet_tol"), 0.0);
  o.check_undefined_grad = bool_arg(in, p.kw("check_undefined_grad"), true);
  o.check_grad_dtypes = bool_arg(in, p.kw("check_grad_dtypes"), false);
  o.check_batched_grad = bool_arg(in, p.kw("check_batched_grad"), false);
  o.fast_mode = bool_arg(in, p.kw("fast_mode"), false);
  p.kw("masked");
  return o;
}

}  // namespace

void install_autograd_gradcheck(Interpreter& in, ModuleObj& autograd) {
  auto mod = std::make_shared<ModuleObj>("torch.autograd.gradcheck");
  const std::string G = "torch.autograd.gradcheck.";
  ObjPtr error_class = in.exception_class(kGradcheckError);
  mod->set("GradcheckError", error_class);  // not re-exported by torch.autograd
  def(*mod, G, "gradcheck", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "gradcheck", a);
    p.max_positional(2);
    ObjPtr func = p.required("func", 0), inputs = p.required("inputs", 1);
    Options o = parse_options(in, p);
    bool forward_ad = bool_arg(in, p.kw("check_forward_ad"), false);
    bool backward_ad = bool_arg(in, p.kw("check_backward_ad"), true);
    bool batched_forward = bool_arg(in, p.kw("check_batched_forward_grad"), false);
    p.finish();
    if (!(forward_ad || backward_ad))
      throw TorchError("AssertionError", "Expected at least one of check_forward_ad or check_backward_ad to be True");
    if (batched_forward && !forward_ad)
      throw TorchError("AssertionError", "Setting check_batched_forward_grad=True requires check_forward_ad to be True");
    // Forward-mode AD (dual tensors, a Function's jvp) does not exist in the playground: the check
    // cannot run the function on dual inputs as PyTorch does, so it refuses rather than pass.
    if (forward_ad || !backward_ad) not_built("gradcheck(check_forward_ad=True) (forward-mode AD)");
    return in.make_bool(run_gradcheck(in, func, as_tuple(inputs), o));
  });
  def(*mod, G, "gradgradcheck", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, "gradgradcheck", a);
    p.max_positional(3);
    ObjPtr func = p.required("func", 0), inputs = p.required("inputs", 1), grad_outputs = p.get("grad_outputs", 2);
    bool non_contig = bool_arg(in, p.kw("gen_non_contig_grad_outputs"), false);
    Options o = parse_options(in, p);
    bool fwd_over_rev = bool_arg(in, p.kw("check_fwd_over_rev"), false);
    bool rev_over_rev = bool_arg(in, p.kw("check_rev_over_rev"), true);
    p.finish();
    if (!(fwd_over_rev || rev_over_rev))
      throw TorchError("AssertionError", "Expected at least one of check_fwd_over_rev or check_rev_over_rev to be True");
    if (o.check_undefined_grad && !rev_over_rev)
      throw TorchError("AssertionError", "Setting check_undefined_grad=True requires check_rev_over_rev to be True");
    if (fwd_over_rev || !rev_over_rev) not_built("gradgradcheck(check_fwd_over_rev=True) (forward-mode AD)");
    if (non_contig) not_built("gradgradcheck(gen_non_contig_grad_outputs=True)");
    Objs tupled_inputs = as_tuple(inputs);
    Objs tupled_grad_outputs;
    if (is_none(grad_outputs)) {
      // torch.testing.make_tensor(x.shape, dtype=x.dtype, device=x.device, low=-1, high=1,
      // requires_grad=True): torch.empty(...).uniform_(-1, 1), drawn from the global generator.
      for (const auto& x : differentiable_outputs(in, call_func(in, func, tupled_inputs))) {
        const Tensor& t = tensor_of(x);
        DType d = is_floating(t.dtype()) ? t.dtype() : DType::Float64;
        Tensor g = native::empty(t.sizes(), d, t.device());
        tp::uniform_(g, -1.0, 1.0);
        tp::requires_grad_(g, true);
        tupled_grad_outputs.push_back(in.wrap_tensor(g));
      }
    } else {
      tupled_grad_outputs = as_tuple(grad_outputs);
    }
    size_t num_outputs = tupled_grad_outputs.size();
    std::vector<bool> diff_input(tupled_inputs.size()), diff_grad_output(num_outputs);
    for (size_t i = 0; i < tupled_inputs.size(); ++i)
      diff_input[i] = is_tensor(tupled_inputs[i]) && tensor_of(tupled_inputs[i]).requires_grad();
    for (size_t i = 0; i < num_outputs; ++i) diff_grad_output[i] = requires_grad_of(in, tupled_grad_outputs[i]);
    // new_func(*inputs, *grad_outputs): the input grads, with create_graph=True.
    ObjPtr new_func = in.make_function("gradgradcheck.<locals>.new_func", [func, num_outputs, diff_input, diff_grad_output](
                                                                              Interpreter& in, CallArgs& c) -> ObjPtr {
      Objs args = c.args;
      size_t n_in = args.size() >= num_outputs ? args.size() - num_outputs : 0;
      Objs input_args(args.begin(), args.begin() + long(n_in));
      for (size_t i = 0; i < input_args.size(); ++i)
        if (i < diff_input.size() && diff_input[i]) in.call(in.getattr(input_args[i], "requires_grad_"), CallArgs{});
      Tensors outs = tensors_of(differentiable_outputs(in, call_func(in, func, input_args)));
      Tensors gos, diff_args;
      for (size_t i = n_in; i < args.size(); ++i) {
        if (diff_grad_output[i - n_in]) in.call(in.getattr(args[i], "requires_grad_"), CallArgs{});
        gos.push_back(is_tensor(args[i]) ? tensor_of(args[i]) : Tensor());
      }
      for (size_t i = 0; i < input_args.size(); ++i)
        if (i < diff_input.size() && diff_input[i]) diff_args.push_back(tensor_of(input_args[i]));
      Tensors grads = tp::grad(outs, diff_args, gos, std::nullopt, /*create_graph=*/true, /*allow_unused=*/true);
      Objs kept;
      for (const auto& g : grads)
        if (g.defined()) kept.push_back(in.wrap_tensor(g));
      return in.make_tuple(kept);
    });
    Objs all = tupled_inputs;
    all.insert(all.end(), tupled_grad_outputs.begin(), tupled_grad_outputs.end());
    return in.make_bool(run_gradcheck(in, new_func, all, o));
  });
  in.register_module("torch.autograd.gradcheck", mod);
  autograd.set("gradcheck", mod->get("gradcheck"));
  autograd.set("gradgradcheck", mod->get("gradgradcheck"));
}

}  // namespace tp::interp::lib
