// Elementwise kernels of torch.nn's activations and regression / binary losses
// (aten/src/ATen/native/cpu/Activation.cpp, BinaryOpsKernel.cpp, Loss.cpp): each evaluates PyTorch's
// scalar formula in the input's own float type, so float32 results round where PyTorch's do.
// Floating inputs only; the differentiable wrappers live in autograd/nn_functions.h.
#pragma once
#include "ops/native.h"

namespace tp::native {

Tensor leaky_relu(const Tensor& x, double negative_slope);        // x > 0 ? x : x * slope
Tensor gelu(const Tensor& x, bool tanh_approx);                   // x * Phi(x), or the tanh form
Tensor gelu_backward(const Tensor& grad, const Tensor& x, bool tanh_approx);
Tensor elu(const Tensor& x, double alpha, double scale, double input_scale);
Tensor silu(const Tensor& x);                                     // x / (1 + exp(-x))
Tensor softplus(const Tensor& x, double beta, double threshold);  // log1p(exp(x*beta)) / beta
Tensor log_sigmoid(const Tensor& x);                              // min(x, 0) - log1p(exp(-|x|))
Tensor mish(const Tensor& x);                                     // x * tanh(log1p(exp(x)))
Tensor mish_backward(const Tensor& grad, const Tensor& x);
Tensor hardswish(const Tensor& x);                                // x * min(max(x + 3, 0), 6) / 6
Tensor hardswish_backward(const Tensor& grad, const Tensor& x);
Tensor hardsigmoid(const Tensor& x);                              // min(max(x + 3, 0), 6) / 6
Tensor hardsigmoid_backward(const Tensor& grad, const Tensor& x);
Tensor glu(const Tensor& a, const Tensor& b);                     // a * (1 / (1 + exp(-b))), halves of the input
// Losses before reduction (input and target already broadcast to one shape).
Tensor smooth_l1(const Tensor& input, const Tensor& target, double beta);
Tensor huber(const Tensor& input, const Tensor& target, double delta);
// -(y log x + (1 - y) log(1 - x)) with each log clamped at -100; checks x and y lie in [0, 1].
Tensor binary_cross_entropy(const Tensor& input, const Tensor& target);

}  // namespace tp::native
