// Differentiable activations of torch.nn.functional (aten/src/ATen/native/Activation.cpp) with the
// derivatives of tools/autograd/derivatives.yaml. Backward formulas are written with tp:: ops in
// the kernel's order of operations, so they round like PyTorch's and support create_graph; GELU's
// uses its backward kernel (erf has no tp:: op), so it cannot be differentiated twice.
#include <cmath>

#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "autograd/nn_functions.h"
#include "core/error.h"
#include "ops/nn_kernels.h"

namespace tp {

namespace {

Tensor num(double v) { return scalar_tensor(v); }

}  // namespace

Tensor leaky_relu(const Tensor& x, double negative_slope) {
  Tensor out = native::leaky_relu(x, negative_slope);
  if (auto n = make_node("LeakyReluBackward0", {x}, out.dtype())) {
    n->save("self", x);
    n->formula = [negative_slope](const BackwardCtx& c) -> TensorList {
      // leaky_relu_backward: self > 0 ? grad : grad * negative_slope
      Tensor self = c.get("self");
      return {where(compare(self, num(0), CompareOp::Gt), c.grad(), mul(c.grad(), num(negative_slope)))};
    };
    set_history(out, n);
  }
  return out;
}

Tensor gelu(const Tensor& x, const std::string& approximate) {
  TP_CHECK(approximate == "none" || approximate == "tanh", "approximate argument must be either none or tanh.");
  bool tanh_approx = approximate == "tanh";
  Tensor out = native::gelu(x, tanh_approx);
  if (auto n = make_node("GeluBackward0", {x}, out.dtype())) {
    n->save("self", x);
    n->formula = [tanh_approx](const BackwardCtx& c) -> TensorList {
      // gelu_backward: grad * (Phi(x) + x * phi(x)), or the derivative of the tanh form
      return {native::gelu_backward(c.grad(), c.get("self"), tanh_approx)};
    };
    set_history(out, n);
  }
  return out;
}

Tensor elu(const Tensor& x, double alpha) {
  Tensor out = native::elu(x, alpha, 1.0, 1.0);
  if (auto n = make_node("EluBackward0", {x}, out.dtype())) {
    n->save("self", x);
    n->formula = [alpha](const BackwardCtx& c) -> TensorList {
      // elu_backward(is_result=false), scale = input_scale = 1: self <= 0 ? grad * alpha * exp(self) : grad
      Tensor self = c.get("self");
      Tensor negative = mul(mul(c.grad(), num(alpha)), unary(self, UnaryOp::Exp));
      return {where(compare(self, num(0), CompareOp::Le), negative, c.grad())};
    };
    set_history(out, n);
  }
  return out;
}

Tensor silu(const Tensor& x) {
  Tensor out = native::silu(x);
  if (auto n = make_node("SiluBackward0", {x}, out.dtype())) {
    n->save("self", x);
    n->formula = [](const BackwardCtx& c) -> TensorList {
      // silu_backward: grad * s * (1 + x * (1 - s)), s = sigmoid(x)
      Tensor self = c.get("self");
      Tensor s = unary(self, UnaryOp::Sigmoid);
      return {mul(mul(c.grad(), s), add(num(1), mul(self, rsub(s, num(1)))))};
    };
    set_history(out, n);
  }
  return out;
}

Tensor softplus(const Tensor& x, double beta, double threshold) {
  Tensor out = native::softplus(x, beta, threshold);
  if (auto n = make_node("SoftplusBackward0", {x}, out.dtype())) {
    n->save("self", x);
    n->formula = [beta, threshold](const BackwardCtx& c) -> TensorList {
      // softplus_backward: z = exp(x * beta); x * beta > threshold ? grad : grad * z / (z + 1)
      Tensor self = c.get("self");
      Tensor xb = mul(self, num(beta));
      Tensor z = unary(xb, UnaryOp::Exp);
      Tensor smooth = div(mul(c.grad(), z), add(z, num(1)));
      return {where(compare(xb, num(threshold), CompareOp::Gt), c.grad(), smooth)};
    };
    set_history(out, n);
  }
  return out;
}

}  // namespace tp
