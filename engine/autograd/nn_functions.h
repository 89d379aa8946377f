// The differentiable torch.nn.functional pieces beyond linear / mse_loss / cross_entropy
// (functions.h): activations, regression and binary losses, dropout and embedding. Each records the
// node PyTorch records (names in the comments); composite ops (l1_loss) record their parts.
#pragma once
#include <string>
#include <optional>
#include <utility>

#include "autograd/functions.h"

namespace tp {

// ---------------------------------------------------------------- activations (autograd/nn/activations.cpp)
Tensor leaky_relu(const Tensor& x, double negative_slope);  // LeakyReluBackward0
// approximate: "none" | "tanh" (else "approximate argument must be either none or tanh."): GeluBackward0
Tensor gelu(const Tensor& x, const std::string& approximate);
Tensor elu(const Tensor& x, double alpha);                   // EluBackward0
Tensor silu(const Tensor& x);                                // SiluBackward0
Tensor softplus(const Tensor& x, double beta, double threshold);  // SoftplusBackward0

// ---------------------------------------------------------------- more activations (autograd/nn/activations_selu_glu_prelu.cpp)
Tensor selu(const Tensor& x);                                      // elu(x, SELU alpha, SELU scale): EluBackward0
Tensor celu(const Tensor& x, double alpha);                        // elu(x, alpha, 1, 1/alpha): CeluBackward0
Tensor hardtanh(const Tensor& x, double min_val, double max_val);  // clamp: HardtanhBackward0 (relu6 = 0, 6)
Tensor threshold(const Tensor& x, double threshold, double value); // ThresholdBackward0
Tensor log_sigmoid(const Tensor& x);                               // LogSigmoidBackward0
Tensor glu(const Tensor& x, int64_t dim);                          // a * sigmoid(b) of the halves: GluBackward0
Tensor mish(const Tensor& x);                                      // MishBackward0
Tensor hardswish(const Tensor& x);                                 // HardswishBackward0
Tensor hardsigmoid(const Tensor& x);                               // HardsigmoidBackward0
// at::prelu: weight (scalar or one per channel, dim 1) reshaped to broadcast, then PreluKernelBackward0.
Tensor prelu(const Tensor& self, const Tensor& weight);

// ---------------------------------------------------------------- losses (autograd/nn/regression_losses.cpp)
// reduction: "mean" | "sum" | "none"; shapes that differ warn as torch/nn/functional.py does, then broadcast.
Tensor l1_loss(const Tensor& input, const Tensor& target, const std::string& reduction);  // (input - target).abs().mean()
Tensor smooth_l1_loss(const Tensor& input, const Tensor& target, const std::string& reduction, double beta);  // SmoothL1LossBackward0
Tensor huber_loss(const Tensor& input, const Tensor& target, const std::string& reduction, double delta);  // HuberLossBackward0
// BinaryCrossEntropyBackward0; shapes must match (ValueError); `weight` may be undefined.
Tensor binary_cross_entropy(const Tensor& input, const Tensor& target, const Tensor& weight,
                            const std::string& reduction);
// BinaryCrossEntropyWithLogitsBackward0; `weight` / `pos_weight` may be undefined.
Tensor binary_cross_entropy_with_logits(const Tensor& input, const Tensor& target, const Tensor& weight,
                                        const Tensor& pos_weight, const std::string& reduction);

// ---------------------------------------------------------------- dropout and embedding (autograd/nn/dropout_embedding.cpp)
// F.dropout: `input` itself when !training or p == 0 or empty; input * 0 (MulBackward0) for p == 1;
// otherwise NotImplementedError (see Note [Dropout masks]).
Tensor dropout(const Tensor& input, double p, bool training);
// F.embedding: weight rows picked by integer indices (EmbeddingBackward0); padding_idx < 0 = none.
Tensor embedding(const Tensor& weight, const Tensor& indices, int64_t padding_idx);

// ---------------------------------------------------------------- normalisation (autograd/nn/normalization.cpp)
// F.layer_norm over the trailing `normalized_shape` dims (NativeLayerNormBackward0); weight/bias may be undefined.
Tensor layer_norm(const Tensor& input, const Shape& normalized_shape, const Tensor& weight, const Tensor& bias,
                  double eps);
// F.batch_norm over every dim but 1 (NativeBatchNormBackward0). training: batch statistics, and the
// defined running stats are updated in place with `momentum` (unbiased variance); otherwise the
// running stats normalise (batch statistics when they are undefined).
Tensor batch_norm(const Tensor& input, const Tensor& running_mean, const Tensor& running_var, const Tensor& weight,
                  const Tensor& bias, bool training, double momentum, double eps);

// ---------------------------------------------------------------- convolution (autograd/nn/convolution.cpp)
// Per spatial dim (1 or 2 of them): stride, padding before / after (equal unless padding='same'
// needed an odd total), dilation; and groups.
struct ConvArgs {
  int64_t spatial = 2;
  Shape stride, padding_lo, padding_hi, dilation;
  int64_t groups = 1;
};
// F.conv1d / F.conv2d on batched or unbatched input (ConvolutionBackward0; unbatched adds
// SqueezeBackward1 on top); `bias` may be undefined.
Tensor convolution(const Tensor& input, const Tensor& weight, const Tensor& bias, const ConvArgs& args);

// ---------------------------------------------------------------- pooling and padding (autograd/nn/pooling.cpp)
struct Pool2dArgs {
  int64_t kernel[2], stride[2], padding[2], dilation[2];
  bool ceil_mode = false;
};
// (output, int64 indices into each H*W plane); MaxPool2DWithIndicesBackward0. Input (N,C,H,W) or (C,H,W).
std::pair<Tensor, Tensor> max_pool2d_with_indices(const Tensor& input, const Pool2dArgs& args);
// AvgPool2DBackward0; divisor_override <= 0 means none (0 itself is refused as PyTorch does).
Tensor avg_pool2d(const Tensor& input, const Pool2dArgs& args, bool count_include_pad, int64_t divisor_override);
// F.pad(mode='constant'): (before, after) pairs from the last dim back; negative pads crop.
Tensor constant_pad_nd(const Tensor& input, const std::vector<int64_t>& pad, double value);  // ConstantPadNdBackward0

// ---------------------------------------------------------------- adaptive pooling (autograd/nn/adaptive_pooling.cpp)
// AdaptiveAvgPool2DBackward0; output (1, 1) is mean((-1, -2), keepdim=True) (MeanBackward1) as in ATen.
Tensor adaptive_avg_pool2d(const Tensor& input, int64_t out_h, int64_t out_w);
// (output, int64 indices into each H*W plane); AdaptiveMaxPool2DBackward0.
std::pair<Tensor, Tensor> adaptive_max_pool2d(const Tensor& input, int64_t out_h, int64_t out_w);

// ---------------------------------------------------------------- distances (autograd/nn/distance.cpp)
// F.normalize: input / input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input) (DivBackward0).
Tensor normalize(const Tensor& input, double p, int64_t dim, double eps);
// Distance.cpp cosine_similarity: inputs broadcast, each divided by its clamped 2-norm, then
// multiplied and summed over dim (SumBackward1).
Tensor cosine_similarity(const Tensor& x1, const Tensor& x2, int64_t dim, double eps);
// at::norm(x1 - x2 + eps, p, last dim, keepdim): NormBackward1.
Tensor pairwise_distance(const Tensor& x1, const Tensor& x2, double p, double eps, bool keepdim);
// torch.cdist: CdistBackward0, or for p == 2 with more than 25 rows (compute_mode None /
// 'use_mm_for_euclid_dist_if_necessary' = 0, 'use_mm_for_euclid_dist' = 1, 'donot_...' = 2) the matmul
// form (EuclideanDistBackward0 under a view).
Tensor cdist(const Tensor& x1, const Tensor& x2, double p, std::optional<int64_t> compute_mode);
// Loss.cpp kl_div (+ functional.py's 'batchmean'): reduction "none" | "mean" | "sum" | "batchmean".
Tensor kl_div(const Tensor& input, const Tensor& target, const std::string& reduction, bool log_target);

}  // namespace tp
