// var / std (ReduceOps.cpp std_var_out) and linalg.vector_norm (LinearAlgebra.cpp), each one node
// as PyTorch records it: VarBackward0, StdBackward0, LinalgVectorNormBackward0. Values come from
// primitives run without recording; the formulas are FunctionsManual.cpp's var_backward,
// std_backward and norm_backward, written with tp:: ops so they stay differentiable.
#include <cmath>
#include <limits>

#include "autograd/functions.h"
#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "core/context.h"
#include "core/error.h"

namespace tp {

namespace {

int64_t reduced_count(const Tensor& t, const std::vector<int64_t>& dims) {
  if (dims.empty() || t.dim() == 0) return t.numel();
  int64_t n = 1;
  for (int64_t d : dims) n *= t.size(wrap_dim(d, t.dim()));
  return n;
}

void check_std_var_dtype(const Tensor& x) {
  if (!is_floating(x.dtype())) throw_runtime("std and var only support floating point and complex dtypes");
}

// Note [Reduced floating point] for composites: float16 var/std run Welford in double
// (std_var_kernel_impl's WelfordOps<Half, double>) and vector_norm accumulates in float, each
// rounding once to half; so their values are computed on an upcast copy, never step by step in half.
//
// sum((x - mean)^2) / (N - correction), without recording.
Tensor variance_value(const Tensor& x, const std::vector<int64_t>& dims, double correction, bool keepdim) {
  GradModeGuard off(false);
  if (is_reduced_floating(x.dtype())) {
    Tensor v = variance_value(to(x, DType::Float64, x.device(), false), dims, correction, keepdim);
    return to(v, x.dtype(), x.device(), false);
  }
  Tensor d = sub(x, mean(x, dims, true, std::nullopt));
  Tensor s = sum(mul(d, d), dims, keepdim, std::nullopt);
  double n = double(reduced_count(x, dims)) - correction;
  return div(s, scalar_tensor(n));
}

// FunctionsManual.cpp var_backward: 2 / (N - correction) * grad * (self - self.mean(dim, keepdim=True)).
Tensor var_backward(Tensor grad, const Tensor& self, const std::vector<int64_t>& dims, double correction,
                    bool keepdim) {
  if (self.dim() == 0 || dims.empty()) {
    double dof = double(self.numel()) - correction;
    if (dof <= 0) {  // the forward gave inf/nan too: nan where self == mean, else inf
      Tensor eq = compare(self, mean(self, {}, false, std::nullopt), CompareOp::Eq);
      return mul(grad, where(eq, scalar_tensor(std::numeric_limits<double>::quiet_NaN()),
                             scalar_tensor(std::numeric_limits<double>::infinity())));
    }
    return mul(mul(scalar_tensor(2.0 / dof), grad), sub(self, mean(self, {}, false, std::nullopt)));
  }
  if (!keepdim && self.dim() > 1) grad = restore_reduced_dims(grad, self.sizes(), dims, false);
  double dof = double(reduced_count(self, dims)) - correction;
  return mul(mul(scalar_tensor(2.0 / dof), grad), sub(self, mean(self, dims, true, std::nullopt)));
}

Tensor masked_zero(const Tensor& t, const Tensor& where_zero) {
  return masked_fill(t, compare(where_zero, scalar_tensor(0.0), CompareOp::Eq), Scalar::from_int(0));
}

}  // namespace

Tensor var(const Tensor& x, const std::vector<int64_t>& dims, double correction, bool keepdim) {
  check_std_var_dtype(x);
  Tensor out = variance_value(x, dims, correction, keepdim);
  if (auto n = make_node("VarBackward0", {x}, out.dtype())) {
    n->save("self", x);
    n->formula = [dims, correction, keepdim](const BackwardCtx& c) -> TensorList {
      return {var_backward(c.grad(), c.get("self"), dims, correction, keepdim)};
    };
    set_history(out, n);
  }
  return out;
}

// var_mean / std_mean (VarMeanBackward0 / StdMeanBackward0): one node with two outputs; its
// backward is var_backward (std: std_backward) of grads[0] plus mean_backward of grads[1].
std::pair<Tensor, Tensor> var_mean(const Tensor& x, const std::vector<int64_t>& dims, double correction, bool keepdim,
                                   bool is_std) {
  check_std_var_dtype(x);
  Tensor v, m;
  {
    GradModeGuard off(false);
    v = is_std ? stddev(x, dims, correction, keepdim) : var(x, dims, correction, keepdim);
    m = mean(x, dims, keepdim, std::nullopt);
  }
  if (auto n = make_node(is_std ? "StdMeanBackward0" : "VarMeanBackward0", {x}, v.dtype())) {
    n->save("self", x);
    set_history(v, n);
    set_history(m, n);
    if (is_std) n->save("result0", v, /*is_output=*/true);
    n->formula = [dims, correction, keepdim, is_std](const BackwardCtx& c) -> TensorList {
      Tensor self = c.get("self"), g;
      if (c.grad(0).defined()) {
        Tensor gv = c.grad(0);
        if (is_std) {  // std_backward: (grad / (result * 2)).masked_fill_(result == 0, 0)
          Tensor r = c.get("result0");
          gv = masked_zero(div(gv, mul(r, scalar_tensor(2.0))), r);
        }
        g = var_backward(gv, self, dims, correction, keepdim);
      }
      if (c.grad(1).defined()) {  // mean_backward: grad expanded to self's shape / N
        Tensor gm = div(sum_backward(c.grad(1), self.sizes(), dims, keepdim),
                        scalar_tensor(double(reduced_count(self, dims))));
        g = g.defined() ? add(g, gm) : gm;
      }
      return {g};
    };
  }
  return {v, m};
}

Tensor stddev(const Tensor& x, const std::vector<int64_t>& dims, double correction, bool keepdim) {
  check_std_var_dtype(x);
  Tensor out;
  {
    GradModeGuard off(false);
    if (is_reduced_floating(x.dtype())) {  // sqrt in double too, one rounding to half
      Tensor wide = to(x, DType::Float64, x.device(), false);
      out = to(unary(variance_value(wide, dims, correction, keepdim), UnaryOp::Sqrt), x.dtype(), x.device(), false);
    } else {
      out = unary(variance_value(x, dims, correction, keepdim), UnaryOp::Sqrt);
    }
  }
  if (auto n = make_node("StdBackward0", {x}, out.dtype())) {
    n->save("self", x);
    n->save("result", out, /*is_output=*/true);
    n->formula = [dims, correction, keepdim](const BackwardCtx& c) -> TensorList {
      // std_backward: grad_var = (grad / (result * 2)).masked_fill_(result == 0, 0)
      Tensor r = c.get("result");
      Tensor grad_var = masked_zero(div(c.grad(), mul(r, scalar_tensor(2.0))), r);
      return {var_backward(grad_var, c.get("self"), dims, correction, keepdim)};
    };
    set_history(out, n);
  }
  return out;
}

namespace {

Tensor vector_norm_value(const Tensor& x, double ord, const std::vector<int64_t>& dims, bool keepdim) {
  GradModeGuard off(false);
  if (is_reduced_floating(x.dtype()))
    return to(vector_norm_value(to(x, DType::Float32, x.device(), false), ord, dims, keepdim), x.dtype(), x.device(),
              false);
  Tensor a = unary(x, UnaryOp::Abs);
  if (ord == 2) return unary(sum(mul(a, a), dims, keepdim, std::nullopt), UnaryOp::Sqrt);
  if (ord == 1) return sum(a, dims, keepdim, std::nullopt);
  if (ord == 0) return to(sum(compare(a, scalar_tensor(0.0), CompareOp::Ne), dims, keepdim, std::nullopt), x.dtype(),
                          x.device(), false);
  if (std::isinf(ord)) return ord > 0 ? amax(a, dims, keepdim) : amin(a, dims, keepdim);
  return pow(sum(pow(a, scalar_tensor(ord)), dims, keepdim, std::nullopt), scalar_tensor(1 / ord));
}


}  // namespace

// FunctionsManual.cpp norm_backward (real inputs); undefined for ord 0 (no gradient flows).
Tensor norm_backward(Tensor grad, const Tensor& self, double p, Tensor norm, const std::vector<int64_t>& dims,
                     bool keepdim) {
  if (!keepdim && self.dim() != 0) {
    grad = restore_reduced_dims(grad, self.sizes(), dims, false);
    norm = restore_reduced_dims(norm, self.sizes(), dims, false);
  }
  Tensor sgn = unary(self, UnaryOp::Sign);
  if (p == 0.0) return Tensor();
  if (p == 1.0) return mul(sgn, grad);
  if (p == 2.0) return mul(grad, masked_zero(div(self, norm), norm));
  Tensor abs = unary(self, UnaryOp::Abs);
  if (std::isinf(p)) {
    // the elements equal to the norm (or NaN) share the gradient evenly
    Tensor hit = to(compare(abs, norm, CompareOp::Eq), grad.dtype(), grad.device(), false);
    Tensor nan = to(compare(abs, abs, CompareOp::Ne), grad.dtype(), grad.device(), false);
    Tensor mask = maximum(hit, nan);
    return mul(sgn, mul(div(grad, sum(mask, dims, true, std::nullopt)), mask));
  }
  if (p < 1.0) {
    Tensor scaled = mul(sgn, masked_zero(pow(abs, scalar_tensor(p - 1)), self));
    return mul(mul(scaled, grad), pow(norm, scalar_tensor(1 - p)));
  }
  Tensor scaled = p < 2.0 ? mul(sgn, pow(abs, scalar_tensor(p - 1))) : mul(self, pow(abs, scalar_tensor(p - 2)));
  Tensor scale_v = masked_zero(div(grad, pow(norm, scalar_tensor(p - 1))), norm);
  return mul(scaled, scale_v);
}


Tensor linalg_vector_norm(const Tensor& x, double ord, const std::vector<int64_t>& dims, bool keepdim, OptDType dtype) {
  if (!is_floating(x.dtype()))
    throw_runtime("linalg.vector_norm: Expected a floating point or complex tensor as input. Got " +
                  scalar_type_name(x.dtype()));
  if (dtype && !is_floating(*dtype))
    throw_runtime("linalg.vector_norm: dtype should be floating point or complex. Got " + scalar_type_name(*dtype));
  Tensor input = dtype ? native::to(x, *dtype, x.device(), false) : x;
  Tensor out = vector_norm_value(input, ord, dims, keepdim);
  if (auto n = make_node("LinalgVectorNormBackward0", {x}, out.dtype())) {
    n->save("self", x);
    n->save("result", out, /*is_output=*/true);
    DType in_dtype = x.dtype();
    n->formula = [ord, dims, keepdim, in_dtype](const BackwardCtx& c) -> TensorList {
      Tensor self = c.get("self");
      Tensor g = norm_backward(c.grad(), self, ord, c.get("result"), dims, keepdim);
      return {g.defined() && g.dtype() != in_dtype ? to(g, in_dtype, self.device(), false) : g};
    };
    set_history(out, n);
  }
  return out;
}

}  // namespace tp

namespace tp {

// torch.dist (DistBackward0): the p-norm of self - other (broadcast); derivatives.yaml gives
// self: norm_backward(grad, self - other, p, result) and other: its negation.
Tensor dist(const Tensor& self, const Tensor& other, double p) {
  Tensor out;
  {
    GradModeGuard off(false);
    out = linalg_vector_norm(sub(self, other), p, {}, false, std::nullopt);
  }
  if (auto n = make_node("DistBackward0", {self, other}, out.dtype())) {
    n->save("self", self);
    n->save("other", other);
    n->save("result", out, /*is_output=*/true);
    n->formula = [p](const BackwardCtx& c) -> TensorList {
      Tensor diff = sub(c.get("self"), c.get("other"));
      Tensor g = norm_backward(c.grad(), diff, p, c.get("result"), {}, false);
      if (!g.defined()) return {Tensor(), Tensor()};
      return {c.needs(0) ? g : Tensor(), c.needs(1) ? neg(g) : Tensor()};
    };
    set_history(out, n);
  }
  return out;
}

}  // namespace tp
