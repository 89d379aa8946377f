// Differentiable activations beyond relu/sigmoid/tanh/gelu/elu (aten/src/ATen/native/Activation.cpp,
// its cpu kernels and the derivatives of tools/autograd/derivatives.yaml): selu / celu (elu with scale / input_scale),
// hardtanh (relu6 is hardtanh(0, 6)), threshold, log_sigmoid, glu, mish, hardswish, hardsigmoid
// and prelu. Backward formulas use tp:: ops in the kernels' order where they are simple selections
// or products; mish / hardswish / hardsigmoid use their backward kernels (not twice differentiable).
#include <cmath>

#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "autograd/nn_functions.h"
#include "core/context.h"
#include "core/error.h"
#include "ops/nn_kernels.h"

namespace tp {

namespace {

Tensor num(double v) { return scalar_tensor(v); }

// A scalar product the kernel forms in its own type: alpha.to<T>() * scale.to<T>().
double product_in(DType dt, double a, double b) {
  return dt == DType::Float64 ? a * b : double(float(a) * float(b));
}

// elu_backward(is_result=false): self <= 0 ? grad * negiptcoef * negcoef * exp(self * negiptcoef) : grad * poscoef
Tensor elu_backward(const Tensor& grad, const Tensor& self, double alpha, double scale, double input_scale) {
  double negcoef = product_in(self.dtype(), alpha, scale);
  Tensor negative = mul(mul(mul(grad, num(input_scale)), num(negcoef)), unary(mul(self, num(input_scale)), UnaryOp::Exp));
  return where(compare(self, num(0), CompareOp::Le), negative, mul(grad, num(scale)));
}

Tensor elu_like(const Tensor& x, const char* node, double alpha, double scale, double input_scale) {
  Tensor out = native::elu(x, alpha, scale, input_scale);
  if (auto n = make_node(node, {x}, out.dtype())) {
    n->save("self", x);
    n->formula = [alpha, scale, input_scale](const BackwardCtx& c) -> TensorList {
      return {elu_backward(c.grad(), c.get("self"), alpha, scale, input_scale)};
    };
    set_history(out, n);
  }
  return out;
}

// A kernel-backed activation whose backward is its backward kernel (grad, self).
using Kernel = Tensor (*)(const Tensor&);
using BackwardKernel = Tensor (*)(const Tensor&, const Tensor&);

Tensor kernel_activation(const Tensor& x, const char* node, Kernel forward, BackwardKernel backward) {
  Tensor out = forward(x);
  if (auto n = make_node(node, {x}, out.dtype())) {
    n->save("self", x);
    n->formula = [backward](const BackwardCtx& c) -> TensorList { return {backward(c.grad(), c.get("self"))}; };
    set_history(out, n);
  }
  return out;
}

}  // namespace

// SELU constants of Activation.cpp.
constexpr double kSeluAlpha = 1.6732632423543772848170429916717;
constexpr double kSeluScale = 1.0507009873554804934193349852946;

Tensor selu(const Tensor& x) { return elu_like(x, "EluBackward0", kSeluAlpha, kSeluScale, 1.0); }

Tensor celu(const Tensor& x, double alpha) {
  TP_CHECK(alpha != 0, "ZeroDivisionError: alpha cannot be 0 for CELU");
  return elu_like(x, "CeluBackward0", alpha, 1.0, 1.0 / alpha);
}

Tensor hardtanh(const Tensor& x, double min_val, double max_val) {
  TP_CHECK(x.dtype() != DType::Bool, "Bool inputs not supported for hardtanh");
  Tensor out;
  {
    GradModeGuard off(false);
    out = clamp(x, Scalar::from_double(min_val), Scalar::from_double(max_val));
  }
  if (auto n = make_node("HardtanhBackward0", {x}, out.dtype())) {
    n->save("self", x);
    n->formula = [min_val, max_val](const BackwardCtx& c) -> TensorList {
      // hardtanh_backward: (self <= min_val || self >= max_val) ? 0 : grad
      Tensor self = c.get("self"), zero = zeros_like(c.grad());
      Tensor inside = where(compare(self, num(max_val), CompareOp::Ge), zero, c.grad());
      return {where(compare(self, num(min_val), CompareOp::Le), zero, inside)};
    };
    set_history(out, n);
  }
  return out;
}

Tensor threshold(const Tensor& x, double threshold, double value) {
  Tensor out;
  {
    GradModeGuard off(false);
    // threshold kernel: x <= threshold ? value : x
    Tensor v = full({}, Scalar::from_double(value), x.dtype(), x.device());
    out = where(compare(x, num(threshold), CompareOp::Le), v, x);
  }
  if (auto n = make_node("ThresholdBackward0", {x}, out.dtype())) {
    n->save("self", x);
    n->formula = [threshold](const BackwardCtx& c) -> TensorList {
      // threshold_backward: self <= threshold ? 0 : grad
      return {where(compare(c.get("self"), num(threshold), CompareOp::Le), zeros_like(c.grad()), c.grad())};
    };
    set_history(out, n);
  }
  return out;
}

Tensor log_sigmoid(const Tensor& x) {
  Tensor out = native::log_sigmoid(x);
  if (auto n = make_node("LogSigmoidBackward0", {x}, out.dtype())) {  // log_sigmoid_forward: "Forward" dropped
    n->save("self", x);
    n->formula = [](const BackwardCtx& c) -> TensorList {
      // log_sigmoid_backward: (max_deriv - sign * (z / (1 + z))) * grad, z = exp(-|x|);
      // x < 0: max_deriv 1, sign 1; else 0, -1
      Tensor self = c.get("self");
      Tensor z = unary(neg(unary(self, UnaryOp::Abs)), UnaryOp::Exp);
      Tensor neg_in = compare(self, num(0), CompareOp::Lt);
      Tensor ratio = div(z, add(num(1), z));
      Tensor d = where(neg_in, rsub(ratio, num(1)), ratio);
      return {mul(d, c.grad())};
    };
    set_history(out, n);
  }
  return out;
}

Tensor glu(const Tensor& x, int64_t dim) {
  TP_CHECK(x.dim() > 0, "glu does not support scalars because halving size must be even");
  int64_t d = dim < 0 ? dim + x.dim() : dim;
  TP_CHECK(d >= 0 && d < x.dim(), "Dimension out of range (expected to be in range of [" + std::to_string(-x.dim()) +
                                      ", " + std::to_string(x.dim() - 1) + "], but got " + std::to_string(dim) + ")");
  int64_t size = x.size(d);
  TP_CHECK(size % 2 == 0, "Halving dimension must be even, but dimension " + std::to_string(d) + " is size " +
                              std::to_string(size));
  Tensor out;
  {
    GradModeGuard off(false);
    out = native::glu(narrow(x, d, 0, size / 2), narrow(x, d, size / 2, size / 2));
  }
  if (auto n = make_node("GluBackward0", {x}, out.dtype())) {
    n->save("self", x);
    n->formula = [d, size](const BackwardCtx& c) -> TensorList {
      // glu_backward: first half grad * sigmoid(b); second half (1 - sigmoid(b)) * sigmoid(b) * a * grad
      Tensor self = c.get("self");
      Tensor a = narrow(self, d, 0, size / 2), b = narrow(self, d, size / 2, size / 2);
      Tensor s = unary(b, UnaryOp::Sigmoid);
      Tensor second = mul(mul(mul(rsub(s, num(1)), s), a), c.grad());
      return {cat({mul(s, c.grad()), second}, d)};
    };
    set_history(out, n);
  }
  return out;
}

Tensor mish(const Tensor& x) { return kernel_activation(x, "MishBackward0", native::mish, native::mish_backward); }
Tensor hardswish(const Tensor& x) {
  return kernel_activation(x, "HardswishBackward0", native::hardswish, native::hardswish_backward);
}
Tensor hardsigmoid(const Tensor& x) {
  return kernel_activation(x, "HardsigmoidBackward0", native::hardsigmoid, native::hardsigmoid_backward);
}

Tensor prelu(const Tensor& self, const Tensor& weight_) {
  TP_CHECK(self.dtype() == weight_.dtype(), "prelu: Type promoting not supported. Got " +
                                                 scalar_type_name(self.dtype()) + " and " +
                                                 scalar_type_name(weight_.dtype()));
  if (weight_.numel() != 1) {
    TP_CHECK(self.dim() > 0, "Not allow zero-dim input tensor.");
    int64_t channels = self.dim() > 1 ? self.size(1) : 1;
    TP_CHECK(channels == weight_.numel(), "Mismatch of parameter numbers and input channel size. Found parameter "
                                          "numbers = " + std::to_string(weight_.numel()) + " and channel size = " +
                                          std::to_string(channels) + ".");
  }
  TP_CHECK(weight_.dim() <= 1, "prelu: Expected `weight` to be a scalar or 1D tensor, but got: ndim = " +
                                   std::to_string(weight_.dim()));
  Tensor weight = weight_;
  if (self.dim() != weight.dim()) {  // weight.reshape(1, C, 1, ...) so it broadcasts over self
    Shape s(size_t(self.dim()), 1);
    if (self.dim() > 1) s[1] = weight_.numel();
    weight = reshape(weight, s);
  }
  Tensor out;
  {
    GradModeGuard off(false);
    // prelu kernel: x > 0 ? x : w * x
    out = where(compare(self, num(0), CompareOp::Gt), self, mul(weight, self));
  }
  if (auto n = make_node("PreluKernelBackward0", {self, weight}, out.dtype())) {
    n->save("self", self);
    n->save("weight", weight);
    n->formula = [](const BackwardCtx& c) -> TensorList {
      // _prelu_kernel_backward: grad_self = x > 0 ? g : w * g; grad_weight = x > 0 ? 0 : x * g,
      // summed over the dims where weight broadcast
      Tensor x = c.get("self"), w = c.get("weight"), g = c.grad();
      Tensor pos = compare(x, num(0), CompareOp::Gt);
      Tensor gs = where(pos, g, mul(w, g));
      Tensor gw = where(pos, zeros_like(g), mul(x, g));
      std::vector<int64_t> dims;
      for (int64_t i = 0; i < w.dim(); ++i)
        if (w.size(i) != x.size(i)) dims.push_back(i);
      if (!dims.empty()) gw = sum(gw, dims, true, std::nullopt);
      return {gs, gw};
    };
    set_history(out, n);
  }
  return out;
}

}  // namespace tp
