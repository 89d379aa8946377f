// Gradient checks for the torch.nn layer functions of autograd/nn_functions.h: layer_norm and
// batch_norm (training and eval statistics) and convolution, against central finite differences in float64.
#include <catch2/catch.hpp>

#include "autograd/nn_functions.h"
#include "gradcheck_helpers.h"

using namespace tp;
using namespace tp::testing;

#define GC_CASE(title) TEST_CASE("gradcheck: " title, "[gradcheck][nn]")
#define SETUP Context c; ContextGuard g(c)

namespace {

Tensor constant(const std::vector<double>& v, const Shape& sizes) { return make(v, sizes, false, DType::Float64); }

}  // namespace

GC_CASE("layer_norm: with and without weight / bias, one and two normalised dims") {
  SETUP;
  gradcheck([](auto& x) { return layer_norm(x[0], {4}, x[1], x[2], 1e-5); },
            {dseq({3, 4}), dseq({4}, 0.5, 0.2), dseq({4}, -0.3, 0.1)});
  gradcheck([](auto& x) { return layer_norm(x[0], {2, 3}, Tensor(), Tensor(), 1e-5); }, {dseq({2, 2, 3})});
  gradcheck([](auto& x) { return layer_norm(x[0], {2, 3}, x[1], Tensor(), 1e-3); },
            {dseq({2, 3}), dseq({2, 3}, 1.0, -0.15)});
  Tensor y = layer_norm(dseq({2, 4}), {4}, Tensor(), Tensor(), 1e-5);
  CHECK(y.grad_fn()->name() == "NativeLayerNormBackward0");
}

GC_CASE("batch_norm: batch statistics (2-D, 3-D, 4-D) and running statistics") {
  SETUP;
  gradcheck([](auto& x) { return batch_norm(x[0], Tensor(), Tensor(), x[1], x[2], true, 0.1, 1e-5); },
            {dseq({4, 3}), dseq({3}, 0.5, 0.3), dseq({3}, -0.2, 0.1)});
  gradcheck([](auto& x) { return batch_norm(x[0], Tensor(), Tensor(), Tensor(), Tensor(), true, 0.1, 1e-5); },
            {dseq({2, 3, 2})});
  gradcheck([](auto& x) { return batch_norm(x[0], Tensor(), Tensor(), x[1], Tensor(), true, 0.1, 1e-5); },
            {dseq({2, 2, 2, 2}), dseq({2}, 0.7, 0.4)});
  Tensor rm = constant({0.1, -0.2, 0.3}, {3}), rv = constant({1.5, 0.5, 2.0}, {3});
  gradcheck([rm, rv](auto& x) { return batch_norm(x[0], rm, rv, x[1], x[2], false, 0.1, 1e-5); },
            {dseq({2, 3, 2}), dseq({3}, 0.5, 0.3), dseq({3}, -0.2, 0.1)});
  Tensor y = batch_norm(dseq({4, 3}), Tensor(), Tensor(), Tensor(), Tensor(), true, 0.1, 1e-5);
  CHECK(y.grad_fn()->name() == "NativeBatchNormBackward0");
}

namespace {

ConvArgs conv_args(int64_t spatial, Shape stride, Shape lo, Shape hi, Shape dil, int64_t groups) {
  ConvArgs a;
  a.spatial = spatial;
  a.stride = std::move(stride);
  a.padding_lo = std::move(lo);
  a.padding_hi = std::move(hi);
  a.dilation = std::move(dil);
  a.groups = groups;
  return a;
}

}  // namespace

GC_CASE("convolution: conv2d stride / padding / dilation / groups, conv1d, asymmetric padding, unbatched") {
  SETUP;
  ConvArgs plain = conv_args(2, {1, 1}, {0, 0}, {0, 0}, {1, 1}, 1);
  gradcheck([plain](auto& x) { return convolution(x[0], x[1], x[2], plain); },
            {dseq({2, 2, 4, 4}), dseq({3, 2, 2, 2}, 0.2, -0.1), dseq({3}, 0.1, 0.2)});
  ConvArgs strided = conv_args(2, {2, 1}, {1, 0}, {1, 0}, {1, 2}, 2);
  gradcheck([strided](auto& x) { return convolution(x[0], x[1], Tensor(), strided); },
            {dseq({1, 4, 5, 5}), dseq({2, 2, 3, 2}, 0.2, -0.1)});
  ConvArgs asym = conv_args(2, {1, 1}, {0, 0}, {1, 1}, {1, 1}, 1);  // padding='same' with a 2x2 kernel
  gradcheck([asym](auto& x) { return convolution(x[0], x[1], x[2], asym); },
            {dseq({1, 1, 3, 3}), dseq({2, 1, 2, 2}, 0.2, -0.1), dseq({2}, 0.1, 0.2)});
  ConvArgs one = conv_args(1, {2}, {1}, {1}, {1}, 2);
  gradcheck([one](auto& x) { return convolution(x[0], x[1], x[2], one); },
            {dseq({2, 2, 5}), dseq({4, 1, 2}, 0.2, -0.1), dseq({4}, 0.1, 0.2)});
  gradcheck([one](auto& x) { return convolution(x[0], x[1], Tensor(), one); }, {dseq({2, 5}), dseq({4, 1, 2}, 0.2, -0.1)});
  Tensor y = convolution(dseq({1, 2, 4, 4}), dseq({3, 2, 2, 2}), Tensor(), plain);
  CHECK(y.grad_fn()->name() == "ConvolutionBackward0");
}
