// Gradient checks for the torch.nn layer functions of autograd/nn_functions.h: layer_norm and
// batch_norm (training and eval statistics), convolution, max/avg pooling and constant padding, against central finite differences in float64.
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

namespace {

Pool2dArgs pool(int64_t k, int64_t s, int64_t p, int64_t d = 1, bool ceil_mode = false) {
  Pool2dArgs a{};
  a.kernel[0] = a.kernel[1] = k;
  a.stride[0] = a.stride[1] = s;
  a.padding[0] = a.padding[1] = p;
  a.dilation[0] = a.dilation[1] = d;
  a.ceil_mode = ceil_mode;
  return a;
}

}  // namespace

GC_CASE("max_pool2d / avg_pool2d: stride, padding, dilation, ceil_mode, count_include_pad, divisor") {
  SETUP;
  // dseq values are distinct, so each window's maximum is unique and the max is differentiable.
  for (Pool2dArgs a : {pool(2, 2, 0), pool(3, 1, 1), pool(2, 2, 1, 1, true), pool(2, 1, 0, 2)})
    gradcheck([a](auto& x) { return max_pool2d_with_indices(x[0], a).first; }, {dseq({1, 2, 5, 5})});
  gradcheck([](auto& x) { return max_pool2d_with_indices(x[0], pool(2, 2, 0)).first; }, {dseq({2, 4, 4})});
  for (bool include : {true, false})
    for (Pool2dArgs a : {pool(2, 1, 0), pool(3, 2, 1), pool(2, 3, 1, 1, true)})
      gradcheck([a, include](auto& x) { return avg_pool2d(x[0], a, include, -1); }, {dseq({1, 2, 5, 5})});
  gradcheck([](auto& x) { return avg_pool2d(x[0], pool(2, 2, 0), true, 3); }, {dseq({2, 4, 4})});
  CHECK(max_pool2d_with_indices(dseq({1, 1, 2, 2}), pool(2, 2, 0)).first.grad_fn()->name() ==
        "MaxPool2DWithIndicesBackward0");
  CHECK(avg_pool2d(dseq({1, 1, 2, 2}), pool(2, 2, 0), true, -1).grad_fn()->name() == "AvgPool2DBackward0");
}

GC_CASE("constant_pad_nd: growing, cropping and a value") {
  SETUP;
  gradcheck([](auto& x) { return constant_pad_nd(x[0], {1, 2}, 0.0); }, {dseq({2, 3})});
  gradcheck([](auto& x) { return constant_pad_nd(x[0], {0, 1, 2, 1}, -1.5); }, {dseq({2, 3})});
  gradcheck([](auto& x) { return constant_pad_nd(x[0], {-1, 1, 1, -1}, 0.0); }, {dseq({2, 3, 3})});
  CHECK(constant_pad_nd(dseq({2}), {1, 1}, 0.0).grad_fn()->name() == "ConstantPadNdBackward0");
}
