// Differentiable matrix products, matmul's dispatch, nn.functional.linear and mse_loss
// (aten/src/ATen/native/LinearAlgebra.cpp, Linear.cpp, Loss.cpp).
#include "autograd/functions.h"
#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "core/context.h"
#include "core/error.h"

namespace tp {

Tensor mm(const Tensor& a, const Tensor& b) {
  Tensor out = native::mm(a, b);
  if (auto n = make_node("MmBackward0", {a, b}, out.dtype())) {
    if (n->should_compute_output(0)) n->save("mat2", b);
    if (n->should_compute_output(1)) n->save("self", a);
    n->formula = [](const BackwardCtx& c) -> TensorList {
      return {c.needs(0) ? mm(c.grad(), t(c.get("mat2"))) : Tensor(),   // self: grad @ mat2^T
              c.needs(1) ? mm(t(c.get("self")), c.grad()) : Tensor()};  // mat2: self^T @ grad
    };
    set_history(out, n);
  }
  return out;
}

Tensor mv(const Tensor& a, const Tensor& v) {
  Tensor out = native::mv(a, v);
  if (auto n = make_node("MvBackward0", {a, v}, out.dtype())) {
    if (n->should_compute_output(0)) n->save("vec", v);
    if (n->should_compute_output(1)) n->save("self", a);
    n->formula = [](const BackwardCtx& c) -> TensorList {
      TensorList r(2);
      if (c.needs(0)) r[0] = mul(unsqueeze(c.grad(), 1), unsqueeze(c.get("vec"), 0));  // self: grad.ger(vec)
      if (c.needs(1)) r[1] = mv(t(c.get("self")), c.grad());                        // vec: self^T @ grad
      return r;
    };
    set_history(out, n);
  }
  return out;
}

Tensor dot(const Tensor& a, const Tensor& b) {
  Tensor out = native::dot(a, b);
  if (auto n = make_node("DotBackward0", {a, b}, out.dtype())) {
    if (n->should_compute_output(0)) n->save("tensor", b);
    if (n->should_compute_output(1)) n->save("self", a);
    n->formula = [](const BackwardCtx& c) -> TensorList {
      return {c.needs(0) ? mul(c.grad(), c.get("tensor")) : Tensor(),  // self: grad * tensor
              c.needs(1) ? mul(c.grad(), c.get("self")) : Tensor()};   // tensor: grad * self
    };
    set_history(out, n);
  }
  return out;
}

namespace {

// FunctionsManual.cpp maybe_multiply: t itself when s == 1, else t * s.
Tensor maybe_multiply(const Tensor& t, const Scalar& s) {
  bool one = s.is_float() ? s.to_double() == 1.0 : s.to_int() == 1;
  return one ? t : mul(t, native::wrap_scalar(s));
}

}  // namespace

Tensor addmm(const Tensor& bias, const Tensor& a, const Tensor& b, const Scalar& beta, const Scalar& alpha) {
  Tensor out = native::addmm(bias, a, b, beta, alpha);
  if (auto n = make_node("AddmmBackward0", {bias, a, b}, out.dtype())) {
    if (n->should_compute_output(1)) n->save("mat2", b);
    if (n->should_compute_output(2)) n->save("mat1", a);
    n->formula = [beta, alpha](const BackwardCtx& c) -> TensorList {
      return {c.needs(0) ? maybe_multiply(c.grad(), beta) : Tensor(),                          // self: grad * beta
              c.needs(1) ? maybe_multiply(mm(c.grad(), t(c.get("mat2"))), alpha) : Tensor(),  // mat1: grad @ mat2^T * alpha
              c.needs(2) ? maybe_multiply(mm(t(c.get("mat1")), c.grad()), alpha) : Tensor()}; // mat2: mat1^T @ grad * alpha
    };
    set_history(out, n);
  }
  return out;
}

Tensor addmv(const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta, const Scalar& alpha) {
  Tensor out = native::addmv(self, mat, vec, beta, alpha);
  if (auto n = make_node("AddmvBackward0", {self, mat, vec}, out.dtype())) {
    if (n->should_compute_output(1)) n->save("vec", vec);
    if (n->should_compute_output(2)) n->save("mat", mat);
    n->formula = [beta, alpha](const BackwardCtx& c) -> TensorList {
      TensorList r(3);
      if (c.needs(0)) r[0] = maybe_multiply(c.grad(), beta);  // self: grad * beta
      if (c.needs(1))  // mat: grad.ger(vec) * alpha
        r[1] = maybe_multiply(mul(unsqueeze(c.grad(), 1), unsqueeze(c.get("vec"), 0)), alpha);
      if (c.needs(2)) r[2] = maybe_multiply(mv(t(c.get("mat")), c.grad()), alpha);  // vec: mat^T @ grad * alpha
      return r;
    };
    set_history(out, n);
  }
  return out;
}

Tensor baddbmm(const Tensor& self, const Tensor& b1, const Tensor& b2, const Scalar& beta, const Scalar& alpha) {
  Tensor out = native::baddbmm(self, b1, b2, beta, alpha);
  if (auto n = make_node("BaddbmmBackward0", {self, b1, b2}, out.dtype())) {
    if (n->should_compute_output(1)) n->save("batch2", b2);
    if (n->should_compute_output(2)) n->save("batch1", b1);
    n->formula = [beta, alpha](const BackwardCtx& c) -> TensorList {
      TensorList r(3);
      if (c.needs(0)) r[0] = maybe_multiply(c.grad(), beta);  // self: grad * beta
      if (c.needs(1))  // batch1: grad.bmm(batch2^T) * alpha
        r[1] = maybe_multiply(bmm(c.grad(), transpose(c.get("batch2"), 1, 2)), alpha);
      if (c.needs(2))  // batch2: batch1^T.bmm(grad) * alpha
        r[2] = maybe_multiply(bmm(transpose(c.get("batch1"), 1, 2), c.grad()), alpha);
      return r;
    };
    set_history(out, n);
  }
  return out;
}

Tensor addbmm(const Tensor& self, const Tensor& b1, const Tensor& b2, const Scalar& beta, const Scalar& alpha) {
  Tensor out = native::addbmm(self, b1, b2, beta, alpha);
  if (auto n = make_node("AddbmmBackward0", {self, b1, b2}, out.dtype())) {
    if (n->should_compute_output(1) || n->should_compute_output(2)) {
      n->save("batch2", b2);
      n->save("batch1", b1);
    }
    n->formula = [beta, alpha](const BackwardCtx& c) -> TensorList {
      TensorList r(3);
      if (c.needs(0)) r[0] = maybe_multiply(c.grad(), beta);  // self: grad * beta
      if (c.needs(1) || c.needs(2)) {
        Tensor b1 = c.get("batch1"), b2 = c.get("batch2");
        Tensor g = expand(unsqueeze(c.grad(), 0), {b1.size(0), b1.size(1), b2.size(2)});  // grad per batch
        if (c.needs(1)) r[1] = maybe_multiply(bmm(g, transpose(b2, 1, 2)), alpha);  // batch1: g.bmm(batch2^T) * alpha
        if (c.needs(2)) r[2] = maybe_multiply(bmm(transpose(b1, 1, 2), g), alpha);  // batch2: batch1^T.bmm(g) * alpha
      }
      return r;
    };
    set_history(out, n);
  }
  return out;
}

Tensor bmm(const Tensor& a, const Tensor& b) {
  Tensor out = native::bmm(a, b);
  if (auto n = make_node("BmmBackward0", {a, b}, out.dtype())) {
    if (n->should_compute_output(0)) n->save("mat2", b);
    if (n->should_compute_output(1)) n->save("self", a);
    n->formula = [](const BackwardCtx& c) -> TensorList {
      return {c.needs(0) ? bmm(c.grad(), transpose(c.get("mat2"), 1, 2)) : Tensor(),
              c.needs(1) ? bmm(transpose(c.get("self"), 1, 2), c.grad()) : Tensor()};
    };
    set_history(out, n);
  }
  return out;
}

// _unsafe_view: a reshape that is not a view of its input (UnsafeViewBackward0).
Tensor unsafe_view(const Tensor& self, const Shape& sizes) {
  Tensor out = native::view(self, sizes);
  out.impl()->base = nullptr;
  if (auto n = make_node("UnsafeViewBackward0", {self}, out.dtype())) {
    Shape in = self.sizes();
    n->formula = [in](const BackwardCtx& c) -> TensorList { return {reshape(c.grad(), in)}; };
    set_history(out, n);
  }
  return out;
}

namespace {

// should_fold: the larger operand's leading dims can be folded into rows without a copy.
bool can_fold(const Tensor& t1) {
  if (t1.numel() == 0) return true;
  for (int64_t i = 0; i + 2 < t1.dim(); ++i)
    if (t1.stride(i) != t1.stride(i + 1) * t1.size(i + 1)) return false;
  return true;
}

}  // namespace

// LinearAlgebra.cpp _matmul_impl.
Tensor matmul(const Tensor& a, const Tensor& b) {
  int64_t da = a.dim(), db = b.dim();
  TP_CHECK(da != 0 && db != 0, "both arguments to matmul need to be at least 1D, but they are " +
                                   std::to_string(da) + "D and " + std::to_string(db) + "D");
  if (da == 1 && db == 1) return dot(a, b);
  if (da == 2 && db == 1) return mv(a, b);
  if (da == 1 && db == 2) {
    // unsqueeze(0).mm(b).squeeze_(0): the in-place squeeze_.dim is SqueezeBackward4.
    Tensor r = mm(unsqueeze(a, 0), b);
    Tensor out = native::squeeze(r, std::vector<int64_t>{0});
    out.impl()->base = nullptr;  // squeeze_ reshapes r itself; r is never seen, so take its result as r
    if (auto n = make_node("SqueezeBackward4", {r}, out.dtype())) {
      Shape sizes = r.sizes();
      n->formula = [sizes](const BackwardCtx& c) -> TensorList { return {reshape(c.grad(), sizes)}; };
      set_history(out, n);
    }
    return out;
  }
  if (da == 2 && db == 2) return mm(a, b);
  if (da >= 3 && db <= 2 && can_fold(a)) {
    // Fold the batch into rows: (..., n, k) -> (rows, k), then mm/mv and _unsafe_view back.
    Shape out_sizes(a.sizes().begin(), a.sizes().end() - 1);
    int64_t rows = shape_numel(out_sizes);
    if (db == 2) out_sizes.push_back(b.size(1));
    Tensor folded = reshape(a, {rows, a.size(-1)});
    return unsafe_view(db == 2 ? mm(folded, b) : mv(folded, b), out_sizes);
  }
  // Batched: broadcast the batch dims, flatten them, bmm, then _unsafe_view to the output shape.
  int64_t n = da > 1 ? a.size(-2) : 1, m1 = a.size(-1);
  int64_t m2 = db > 1 ? b.size(-2) : b.size(0), p = db > 1 ? b.size(-1) : 1;
  Shape ba(a.sizes().begin(), a.sizes().begin() + std::max<int64_t>(da - 2, 0));
  Shape bb(b.sizes().begin(), b.sizes().begin() + std::max<int64_t>(db - 2, 0));
  Shape batch = native::broadcast_shapes(ba, bb);
  int64_t nb = shape_numel(batch);
  Shape ea = batch, eb = batch;
  ea.push_back(n); ea.push_back(m1);
  eb.push_back(m2);
  if (db > 1) eb.push_back(p);
  Tensor ra = reshape(expand(a, ea), {nb, n, m1});
  Tensor rb = db == 1 ? unsqueeze(reshape(expand(b, eb), {nb, m2}), 2) : reshape(expand(b, eb), {nb, m2, p});
  Shape out_sizes = batch;
  if (da > 1) out_sizes.push_back(n);
  if (db > 1) out_sizes.push_back(p);
  Tensor r = bmm(ra, rb);
  return unsafe_view(db == 1 ? squeeze(r, int64_t(-1)) : r, out_sizes);
}

// Linear.cpp: 2-D input with bias -> addmm; contiguous input with a 1-D bias -> _flatten_nd_linear
// (reshape to 2-D, addmm, view back); otherwise matmul(input, weight.t()) (+ bias in place).
Tensor linear(const Tensor& input, const Tensor& weight, const Tensor& bias) {
  TP_CHECK(input.dim() != 0 && weight.dim() != 0, "both arguments to linear need to be at least 1D, but they are " +
                                                       std::to_string(input.dim()) + "D and " +
                                                       std::to_string(weight.dim()) + "D");
  if (input.dim() == 2 && bias.defined()) return addmm(bias, input, t(weight));
  if (bias.defined() && input.is_contiguous() && (input.dim() == 3 || bias.dim() == 1)) {
    int64_t rows = 1;
    for (int64_t d = 0; d + 1 < input.dim(); ++d) rows *= input.size(d);
    Tensor flat = reshape(input, {rows, input.size(-1)});
    Tensor r = addmm(bias, flat, t(weight));
    Shape sizes(input.sizes().begin(), input.sizes().end() - 1);
    sizes.push_back(r.size(1));
    return view(r, sizes);
  }
  Tensor out = matmul(input, t(weight));
  if (bias.defined()) add_(out, bias);
  return out;
}

// F.mse_loss: warns when shapes differ, broadcasts, then the fused mse_loss (MseLossBackward0).
Tensor mse_loss(const Tensor& input, const Tensor& target, const std::string& reduction) {
  Tensor in = input, tg = target;
  if (input.sizes() != target.sizes()) {
    ctx().warn("Using a target size (torch.Size(" + shape_str(target.sizes()) +
               ")) that is different to the input size (torch.Size(" + shape_str(input.sizes()) +
               ")). This will likely lead to incorrect results due to broadcasting. Please ensure they have the "
               "same size.");
  }
  Shape full = native::broadcast_shapes(input.sizes(), target.sizes());  // torch.broadcast_tensors
  if (in.sizes() != full) in = expand(in, full);
  if (tg.sizes() != full) tg = expand(tg, full);
  if (reduction != "mean" && reduction != "sum" && reduction != "none")
    throw_value(reduction + " is not a valid value for reduction");  // _Reduction.get_enum
  Tensor out;
  {
    GradModeGuard off(false);
    Tensor d = native::sub(in, tg);
    Tensor sq = native::mul(d, d);
    out = reduction == "none" ? sq : reduction == "sum" ? native::sum(sq, {}, false, std::nullopt)
                                                         : native::mean(sq, {}, false, std::nullopt);
  }
  if (auto n = make_node("MseLossBackward0", {in, tg}, out.dtype())) {
    n->save("self", in);
    n->save("target", tg);
    double scale = reduction == "mean" ? 2.0 / double(std::max<int64_t>(in.numel(), 1)) : 2.0;
    n->formula = [scale](const BackwardCtx& c) -> TensorList {
      // mse_backward_cpu_kernel: norm * (self - target) * grad, norm = 2/N for "mean"
      Tensor g = mul(mul(scalar_tensor(scale), sub(c.get("self"), c.get("target"))), c.grad());
      return {c.needs(0) ? g : Tensor(), c.needs(1) ? neg(g) : Tensor()};
    };
    set_history(out, n);
  }
  return out;
}

}  // namespace tp
