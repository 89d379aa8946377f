// In-place ops (PyTorch's VariableType in-place kernels + variable.cpp rebase_history):
// check (semantics 1.5-1.7), write through self's storage (one version bump), then rebase
// history: a non-view gets the op's node as grad_fn; a view of a tensor in the graph turns its
// base's grad_fn into CopySlices(op node) and its own into a regenerated AsStridedBackward0.
#include "autograd/math/clamp_round_lerp.h"
#include "autograd/copy_slices.h"
#include "autograd/functions.h"
#include "autograd/grad_utils.h"
#include "autograd/math/products.h"
#include "autograd/math/binary_math.h"
#include "autograd/math/special_ops.h"
#include "autograd/math/random.h"
#include "autograd/shape/tensor_extras.h"
#include "autograd/graph.h"
#include "core/context.h"
#include "core/error.h"

namespace tp {

void set_defer_output_pack(bool on);  // autograd/node.cpp

namespace {

[[noreturn]] void inplace_error(const Tensor& self, const std::string& msg) {
  TorchError err("RuntimeError", msg);
  err.concerns_tensor(self.id());
  throw err;
}

}  // namespace

// VariableTypeUtils.h check_inplace.
void check_inplace(const Tensor& self, bool requires_grad) {
  if (!requires_grad || !ctx().grad_enabled) return;
  if (self.impl()->base) {
    handle_view_on_rebase(self, /*indirect=*/false);
    if (self.requires_grad() && Tensor(self.impl()->base).is_leaf())
      inplace_error(self, "a view of a leaf Variable that requires grad is being used in an in-place operation.");
  }
  if (self.requires_grad() && self.is_leaf())
    inplace_error(self, "a leaf Variable that requires grad is being used in an in-place operation.");
}

namespace {

// A tensor standing in for self in the out-of-place formula: same gradient edge as self; its data
// is a copy when the formula saves self (PyTorch saves `self.clone()` for in-place ops), else
// self's own storage.
Tensor stand_in(const Tensor& self, bool copy_data) {
  Tensor s;
  if (copy_data) {
    s = native::clone(self);
  } else {
    auto impl = std::make_shared<TensorImpl>(*self.impl());
    impl->grad = nullptr;
    impl->base = nullptr;
    impl->retains_grad = false;
    s = Tensor(impl);
  }
  Edge e = gradient_edge(self);
  TensorImpl* si = s.impl();
  si->grad_fn = nullptr;
  si->requires_grad = false;
  si->grad_accumulator.reset();
  si->output_nr = 0;
  if (e.function && e.function->as_accumulate_grad()) {
    si->requires_grad = true;
    si->grad_accumulator = e.function;
  } else if (e.function) {
    si->grad_fn = e.function;
    si->output_nr = e.input_nr;
  }
  return s;
}

bool inplace_requires_grad(const Tensor& self, const std::vector<Tensor>& others) {
  std::vector<Tensor> all{self};
  all.insert(all.end(), others.begin(), others.end());
  return is_floating(self.dtype()) && compute_requires_grad(all);
}

// Runs `op` (an out-of-place differentiable function) on self and writes its result into self.
Tensor inplace_via(const Tensor& self, const std::vector<Tensor>& others, bool copy_self,
                   const Callable<Tensor(const Tensor&)>& op) {
  bool rg = inplace_requires_grad(self, others);
  check_inplace(self, rg);
  native::check_no_internal_overlap(self);
  for (const auto& o : others) native::check_no_partial_overlap(self, o);
  if (!rg) {
    Tensor result;
    {
      GradModeGuard off(false);
      result = op(self);
    }
    native::write_result_(self, result);
    return self;
  }
  Tensor result;
  {
    struct Defer {  // the result is packed once, by resave_output below
      Defer() { set_defer_output_pack(true); }
      ~Defer() { set_defer_output_pack(false); }
    } defer;
    result = op(stand_in(self, copy_self));
  }
  native::write_result_(self, result);
  std::shared_ptr<Node> grad_fn = result.grad_fn();
  FunctionNode* fn = grad_fn ? grad_fn->as_function_node() : nullptr;
  if (!fn) return self;
  std::shared_ptr<FunctionNode> node(grad_fn, fn);  // aliasing: shares grad_fn's ownership
  node->outputs.clear();
  node->input_meta.clear();
  rebase_history(self, node);
  node->resave_output("result", self);
  return self;
}

bool any_requires_grad(const Tensor& t) { return t.defined() && t.requires_grad(); }

// Ops whose only input is self and whose gradient is zero (fill_, zero_, uniform_, normal_).
Tensor zero_grad_inplace(const Tensor& self, const char* name, const Callable<void()>& write) {
  bool rg = inplace_requires_grad(self, {});
  check_inplace(self, rg);
  std::shared_ptr<FunctionNode> node;
  if (rg) {
    node = std::make_shared<FunctionNode>(name);
    node->next_edges = collect_next_edges({self});
    node->formula = [](const BackwardCtx& c) -> TensorList { return {zeros_like(c.grad())}; };
  }
  write();
  if (node) rebase_history(self, node);
  return self;
}

}  // namespace

void rebase_history(const Tensor& self, const std::shared_ptr<Node>& fn) {
  TensorImpl* impl = self.impl();
  if (impl->base) {
    Tensor base(impl->base);
    fn->input_meta = {input_meta_of(self)};
    auto slices = std::make_shared<CopySlices>(base, self, fn);
    auto old = base.impl()->grad_fn;
    base.impl()->grad_fn = nullptr;
    set_history(base, slices);
    move_retain_hooks(base, old, slices);
    grad_fn(self);  // the view's grad_fn is regenerated from the base now
    return;
  }
  auto old = impl->grad_fn;
  impl->grad_fn = nullptr;
  set_history(self, fn);
  move_retain_hooks(self, old, fn);
}

Tensor add_(const Tensor& self, const Tensor& other, const Scalar& alpha) {
  return inplace_via(self, {other}, false, [&](const Tensor& s) { return add(s, other, alpha); });
}

Tensor sub_(const Tensor& self, const Tensor& other, const Scalar& alpha) {
  return inplace_via(self, {other}, false, [&](const Tensor& s) { return sub(s, other, alpha); });
}

Tensor mul_(const Tensor& self, const Tensor& other) {
  return inplace_via(self, {other}, any_requires_grad(other), [&](const Tensor& s) { return mul(s, other); });
}

Tensor div_(const Tensor& self, const Tensor& other) {
  return inplace_via(self, {other}, any_requires_grad(other), [&](const Tensor& s) { return div(s, other); });
}

Tensor pow_(const Tensor& self, const Tensor& other) {
  return inplace_via(self, {other}, true, [&](const Tensor& s) { return pow(s, other); });
}

Tensor floor_divide_(const Tensor& self, const Tensor& other) {
  return inplace_via(self, {other}, false, [&](const Tensor& s) { return floor_divide(s, other); });
}

Tensor fmod_(const Tensor& self, const Tensor& other) {
  return inplace_via(self, {other}, any_requires_grad(other), [&](const Tensor& s) { return fmod(s, other); });
}

Tensor remainder_(const Tensor& self, const Tensor& other) {
  return inplace_via(self, {other}, any_requires_grad(other), [&](const Tensor& s) { return remainder(s, other); });
}

Tensor unary_(const Tensor& self, UnaryOp op) {
  bool saves_self = op == UnaryOp::Abs || op == UnaryOp::Log || op == UnaryOp::Sin || op == UnaryOp::Cos ||
                    op == UnaryOp::Log1p || op == UnaryOp::Log2 || op == UnaryOp::Log10 || op == UnaryOp::Sinh ||
                    op == UnaryOp::Cosh || op == UnaryOp::Erf || op == UnaryOp::Asin || op == UnaryOp::Acos ||
                    op == UnaryOp::Atan || op == UnaryOp::Asinh || op == UnaryOp::Acosh || op == UnaryOp::Atanh ||
                    op == UnaryOp::Erfc || op == UnaryOp::Erfinv || op == UnaryOp::Lgamma || op == UnaryOp::Digamma;
  return inplace_via(self, {}, saves_self, [&](const Tensor& s) { return tp::unary(s, op); });
}

// TORCH_META_FUNC(clamp / clamp_min / clamp_max): an in-place clamp may not promote an integral
// self; the message prints self.dtype() as a TypeMeta ("long int").
static void check_clamp_keeps_dtype(const Tensor& self, std::optional<Scalar> min, std::optional<Scalar> max) {
  if (is_floating(self.dtype())) return;
  DType rt = self.dtype();
  for (const auto& bound : {min, max})
    if (bound) rt = promote_types(rt, native::result_type(self, native::wrap_scalar(*bound)));
  TP_CHECK(rt == self.dtype(), "result type " + scalar_type_name(rt) + " can't be cast to the desired output type " +
                                   c_type_name(self.dtype()));
}

Tensor clamp_(const Tensor& self, std::optional<Scalar> min, std::optional<Scalar> max) {
  if (min || max) check_clamp_keeps_dtype(self, min, max);
  return inplace_via(self, {}, true, [&](const Tensor& s) { return clamp(s, min, max); });
}

Tensor clamp_min_(const Tensor& self, const Scalar& min) {
  check_clamp_keeps_dtype(self, min, std::nullopt);
  return inplace_via(self, {}, true, [&](const Tensor& s) { return clamp_min(s, min); });
}

Tensor clamp_min_(const Tensor& self, const Tensor& min) {
  return inplace_via(self, {min}, true, [&](const Tensor& s) { return clamp_min(s, min); });
}

Tensor clamp_max_(const Tensor& self, const Scalar& max) {
  check_clamp_keeps_dtype(self, std::nullopt, max);
  return inplace_via(self, {}, true, [&](const Tensor& s) { return clamp_max(s, max); });
}

Tensor clamp_max_(const Tensor& self, const Tensor& max) {
  return inplace_via(self, {max}, true, [&](const Tensor& s) { return clamp_max(s, max); });
}

Tensor round_decimals_(const Tensor& self, int64_t decimals) {
  return inplace_via(self, {}, false, [&](const Tensor& s) { return round_decimals(s, decimals); });
}

Tensor lerp_(const Tensor& self, const Tensor& end, const Scalar& weight) {
  return inplace_via(self, {end}, false, [&](const Tensor& s) { return lerp(s, end, weight); });
}

// The weight's gradient reads self, so the formula gets a copy of it when weight requires grad.
Tensor lerp_(const Tensor& self, const Tensor& end, const Tensor& weight) {
  return inplace_via(self, {end, weight}, any_requires_grad(weight), [&](const Tensor& s) { return lerp(s, end, weight); });
}

Tensor copy_(const Tensor& self, const Tensor& src) {
  bool rg = inplace_requires_grad(self, {src});
  check_inplace(self, rg);
  std::shared_ptr<FunctionNode> node;
  if (rg) {
    node = std::make_shared<FunctionNode>("CopyBackwards", "torch::autograd::CopyBackwards");
    node->next_edges = collect_next_edges({self, src});
    DType src_dtype = src.dtype();
    Device src_device = src.device();
    node->formula = [src_dtype, src_device](const BackwardCtx& c) -> TensorList {
      return {c.needs(0) ? zeros_like(c.grad()) : Tensor(),                            // self: zeros
              c.needs(1) ? to(c.grad(), src_dtype, src_device, false) : Tensor()};     // src: grad
    };
  }
  native::copy_(self, src);
  if (node) rebase_history(self, node);
  return self;
}

Tensor fill_(const Tensor& self, const Scalar& value) {
  return zero_grad_inplace(self, "FillBackward2", [&] { native::fill_(self, value); });
}

Tensor zero_(const Tensor& self) {
  return zero_grad_inplace(self, "ZeroBackward0", [&] { native::zero_(self); });
}

Tensor uniform_(const Tensor& self, double from, double to) {
  return zero_grad_inplace(self, "UniformBackward0", [&] { native::uniform_(self, from, to); });
}

Tensor normal_(const Tensor& self, double mean, double std) {
  return zero_grad_inplace(self, "NormalBackward0", [&] { native::normal_(self, mean, std); });
}

Tensor index_put_(const Tensor& self, const Tensor& index, const Tensor& values) {
  bool rg = inplace_requires_grad(self, {values});
  check_inplace(self, rg);
  std::shared_ptr<FunctionNode> node;
  if (rg) {
    node = std::make_shared<FunctionNode>("IndexPutBackward0");
    node->next_edges = collect_next_edges({self, values});
    node->save("indices", index);
    Shape value_sizes = values.sizes();
    node->formula = [value_sizes](const BackwardCtx& c) -> TensorList {
      Tensor idx = c.get("indices");
      TensorList r(2);
      if (c.needs(0)) {  // grad with the overwritten positions zeroed
        r[0] = native::clone(c.grad());
        native::index_put_(r[0], idx, native::zeros(value_sizes, c.grad().dtype(), c.grad().device()));
      }
      if (c.needs(1)) r[1] = tp::index(c.grad(), idx);  // values: grad[indices] (summed to values' shape)
      return r;
    };
  }
  native::index_put_(self, index, values);
  if (node) rebase_history(self, node);
  return self;
}

// scatter_ / scatter_add_: the out-of-place op on a stand-in for self, written back (ScatterBackward0/1,
// ScatterAddBackward0 become self's grad_fn).
Tensor scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  return inplace_via(self, {src}, false, [&](const Tensor& s) { return scatter(s, dim, index, src); });
}

Tensor scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value) {
  return inplace_via(self, {}, false, [&](const Tensor& s) { return scatter(s, dim, index, value); });
}

Tensor scatter_add_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  return inplace_via(self, {src}, false, [&](const Tensor& s) { return scatter_add(s, dim, index, src); });
}

// index_add_ / index_copy_ / index_fill_ / index_put_ (tuple): the out-of-place op on a stand-in
// for self, written back (IndexAddBackward0, IndexCopyBackward0, IndexFillBackward0/1, IndexPutBackward0).
Tensor index_add_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source, const Scalar& alpha) {
  return inplace_via(self, {source}, false, [&](const Tensor& s) { return index_add(s, dim, index, source, alpha); });
}

Tensor index_copy_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source) {
  return inplace_via(self, {source}, false, [&](const Tensor& s) { return index_copy(s, dim, index, source); });
}

Tensor index_fill_(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value) {
  return inplace_via(self, {}, false, [&](const Tensor& s) { return index_fill(s, dim, index, value); });
}

Tensor index_fill_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value) {
  return inplace_via(self, {value}, false, [&](const Tensor& s) { return index_fill(s, dim, index, value); });
}

// put_ (PutBackward0). ATen's kernel writes through self as it walks the indices, so the writes
// before an out-of-range index stay when it fails: replay them onto self before re-raising.
Tensor put_(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate) {
  try {
    return inplace_via(self, {index, source}, false, [&](const Tensor& s) { return put(s, index, source, accumulate); });
  } catch (const TorchError& e) {
    if (e.py_type() != "IndexError" || std::string(e.what()).rfind("out of range: ", 0) != 0) throw;
    try {
      native::put_(self, index, source, accumulate);
    } catch (const TorchError&) {
    }
    throw;
  }
}

Tensor index_put_(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values, bool accumulate) {
  return inplace_via(self, {values}, false, [&](const Tensor& s) { return index_put(s, indices, values, accumulate); });
}

// masked_fill_: the out-of-place op on a stand-in for self, written back (MaskedFillBackward0/1).
Tensor masked_fill_(const Tensor& self, const Tensor& mask, const Scalar& value) {
  return inplace_via(self, {}, false, [&](const Tensor& s) { return masked_fill(s, mask, value); });
}

Tensor masked_fill_(const Tensor& self, const Tensor& mask, const Tensor& value) {
  return inplace_via(self, {value}, false, [&](const Tensor& s) { return masked_fill(s, mask, value); });
}

// tril_ / triu_ have no derivatives.yaml entry of their own: TrilBackward0 / TriuBackward0.
Tensor tril_(const Tensor& self, int64_t diagonal) {
  return inplace_via(self, {}, false, [&](const Tensor& s) { return tril(s, diagonal); });
}

Tensor triu_(const Tensor& self, int64_t diagonal) {
  return inplace_via(self, {}, false, [&](const Tensor& s) { return triu(s, diagonal); });
}

// addmm_: self's own shape (no broadcasting back into it); self is not saved by AddmmBackward0.
Tensor addmm_(const Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta, const Scalar& alpha) {
  return inplace_via(self, {mat1, mat2}, false, [&](const Tensor& s) { return addmm(s, mat1, mat2, beta, alpha); });
}

// bernoulli_(p tensor): BernoulliBackward1 gives zeros to self and to p.
Tensor bernoulli_(const Tensor& self, const Tensor& p) {
  bool rg = inplace_requires_grad(self, {p});
  check_inplace(self, rg);
  std::shared_ptr<FunctionNode> node;
  if (rg) {
    node = std::make_shared<FunctionNode>("BernoulliBackward1");
    node->next_edges = collect_next_edges({self, p});
    Shape p_sizes = p.sizes();
    node->formula = [p_sizes](const BackwardCtx& c) -> TensorList {
      return {zeros_like(c.grad()), zeros(p_sizes, c.grad().dtype(), c.grad().device())};
    };
  }
  native::bernoulli_tensor_(self, p);
  if (node) rebase_history(self, node);
  return self;
}

// masked_scatter_: the mask broadcasts to self; MaskedScatterBackward0 saves only the mask.
Tensor masked_scatter_(const Tensor& self, const Tensor& mask, const Tensor& source) {
  return inplace_via(self, {source}, false, [&](const Tensor& s) { return masked_scatter(s, mask, source); });
}

// logit_ saves self (its original values) for LogitBackward0.
Tensor logit_(const Tensor& self, std::optional<double> eps) {
  return inplace_via(self, {}, true, [&](const Tensor& s) { return logit(s, eps); });
}

// addr_: written into self's own shape; AddrBackward0 saves only the vectors.
Tensor addr_(const Tensor& self, const Tensor& vec1, const Tensor& vec2, const Scalar& beta, const Scalar& alpha) {
  return inplace_via(self, {vec1, vec2}, false, [&](const Tensor& s) { return addr(s, vec1, vec2, beta, alpha); });
}

// atan2_ / hypot_ save self for their backward; logical_and_ & co. write a bool result into self's dtype.
Tensor atan2_(const Tensor& self, const Tensor& other) {
  return inplace_via(self, {other}, true, [&](const Tensor& s) { return atan2(s, other); });
}

Tensor hypot_(const Tensor& self, const Tensor& other) {
  return inplace_via(self, {other}, true, [&](const Tensor& s) { return hypot(s, other); });
}

Tensor logical_(const Tensor& self, const Tensor& other, LogicalOp op) {
  return inplace_via(self, {other}, false, [&](const Tensor& s) { return tp::logical(s, other, op); });
}

Tensor nan_to_num_(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                   std::optional<double> neginf) {
  return inplace_via(self, {}, true, [&](const Tensor& s) { return nan_to_num(s, nan, posinf, neginf); });
}

Tensor addcmul_(const Tensor& self, const Tensor& t1, const Tensor& t2, const Scalar& value) {
  return inplace_via(self, {t1, t2}, false, [&](const Tensor& s) { return addcmul(s, t1, t2, value); });
}

Tensor addcdiv_(const Tensor& self, const Tensor& t1, const Tensor& t2, const Scalar& value) {
  return inplace_via(self, {t1, t2}, false, [&](const Tensor& s) { return addcdiv(s, t1, t2, value); });
}

}  // namespace tp
