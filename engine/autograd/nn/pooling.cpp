// F.max_pool2d (max_pool2d_with_indices, MaxPool2DWithIndicesBackward0), F.avg_pool2d
// (AvgPool2DBackward0) over (N, C, H, W) or (C, H, W), with Pool.h's output-size rule and checks,
// and F.pad's constant mode (constant_pad_nd, ConstantPadNdBackward0). Loop kernels in double.
#include <cmath>
#include <limits>
#include <string>

#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "autograd/nn_functions.h"
#include "core/error.h"

namespace tp {

namespace {

// Pool.h pooling_output_shape (with its checks): floor or ceil, and a last window that would
// start in the right padding is dropped.
int64_t pooling_output_shape(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dil, bool ceil_mode) {
  TP_CHECK(stride != 0, "stride should not be zero");
  TP_CHECK(pad >= 0, "pad must be non-negative, but got pad: " + std::to_string(pad));
  TP_CHECK(pad <= ((k - 1) * dil + 1) / 2, "pad should be at most half of effective kernel size, but got pad=" +
                                                std::to_string(pad) + ", kernel_size=" + std::to_string(k) +
                                                " and dilation=" + std::to_string(dil));
  int64_t num = in + 2 * pad - dil * (k - 1) - 1 + (ceil_mode ? stride - 1 : 0);
  int64_t out = (num >= 0 ? num / stride : -((-num + stride - 1) / stride)) + 1;  // floor division
  if (ceil_mode && (out - 1) * stride >= in + pad) --out;
  return out;
}

struct PoolGeom {
  int64_t planes, H, W, OH, OW;
  Pool2dArgs a;
};

PoolGeom pool_geom(const Tensor& x, const Pool2dArgs& a, const char* fname) {
  TP_CHECK(x.dim() == 3 || x.dim() == 4, std::string(fname) +
               ": Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got:" +
               shape_str(x.sizes()));  // [UNVERIFIED] wording
  TP_CHECK(is_floating(x.dtype()), std::string("\"") + fname + "\" not implemented for '" +
                                       scalar_type_name(x.dtype()) + "'");
  PoolGeom g{};
  g.a = a;
  int64_t C = x.size(x.dim() - 3);
  g.H = x.size(x.dim() - 2);
  g.W = x.size(x.dim() - 1);
  g.planes = x.numel() / std::max<int64_t>(1, g.H * g.W);
  g.OH = pooling_output_shape(g.H, a.kernel[0], a.padding[0], a.stride[0], a.dilation[0], a.ceil_mode);
  g.OW = pooling_output_shape(g.W, a.kernel[1], a.padding[1], a.stride[1], a.dilation[1], a.ceil_mode);
  TP_CHECK(g.OH >= 1 && g.OW >= 1, "Given input size: (" + std::to_string(C) + "x" + std::to_string(g.H) + "x" +
                                       std::to_string(g.W) + "). Calculated output size: (" + std::to_string(C) +
                                       "x" + std::to_string(g.OH) + "x" + std::to_string(g.OW) +
                                       "). Output size is too small");
  return g;
}

Shape out_shape(const Tensor& x, const PoolGeom& g) {
  Shape s = x.sizes();
  s[s.size() - 2] = g.OH;
  s[s.size() - 1] = g.OW;
  return s;
}

}  // namespace

std::pair<Tensor, Tensor> max_pool2d_with_indices(const Tensor& input, const Pool2dArgs& args) {
  PoolGeom g = pool_geom(input, args, "max_pool2d");
  std::vector<double> x = values_of(input), y(size_t(g.planes * g.OH * g.OW)), idx(y.size());
  for (int64_t p = 0; p < g.planes; ++p)
    for (int64_t oh = 0; oh < g.OH; ++oh)
      for (int64_t ow = 0; ow < g.OW; ++ow) {
        // The window's first in-bounds element starts the search; NaN wins (max_pool2d_kernel).
        double best = -std::numeric_limits<double>::infinity();
        int64_t best_i = -1;
        for (int64_t kh = 0; kh < g.a.kernel[0]; ++kh) {
          int64_t ih = oh * g.a.stride[0] - g.a.padding[0] + kh * g.a.dilation[0];
          if (ih < 0 || ih >= g.H) continue;
          for (int64_t kw = 0; kw < g.a.kernel[1]; ++kw) {
            int64_t iw = ow * g.a.stride[1] - g.a.padding[1] + kw * g.a.dilation[1];
            if (iw < 0 || iw >= g.W) continue;
            double v = x[size_t((p * g.H + ih) * g.W + iw)];
            if (best_i < 0 || v > best || std::isnan(v)) {
              best = v;
              best_i = ih * g.W + iw;
            }
            if (std::isnan(best)) break;
          }
        }
        size_t o = size_t((p * g.OH + oh) * g.OW + ow);
        y[o] = best;
        idx[o] = double(best_i);
      }
  Shape os = out_shape(input, g);
  Tensor out = tensor_from_values(y, os, input.dtype(), input.device());
  Tensor indices = tensor_from_values(idx, os, DType::Int64, input.device());
  if (auto n = make_node("MaxPool2DWithIndicesBackward0", {input}, out.dtype())) {
    n->save("self", input);
    n->save("result1", indices, /*is_output=*/true);
    int64_t plane = g.H * g.W, per_plane = g.OH * g.OW;
    n->formula = [plane, per_plane](const BackwardCtx& c) -> TensorList {
      // grad_input[plane][indices[o]] += grad[o]
      Tensor self = c.get("self");
      std::vector<double> gi(size_t(self.numel()), 0.0), go = values_of(c.grad()), ix = values_of(c.get("result1"));
      for (size_t o = 0; o < ix.size(); ++o) gi[size_t(int64_t(o) / per_plane * plane + int64_t(ix[o]))] += go[o];
      return {tensor_from_values(gi, self.sizes(), self.dtype(), self.device())};
    };
    set_history(out, n);
  }
  return {out, indices};
}

Tensor avg_pool2d(const Tensor& input, const Pool2dArgs& args, bool count_include_pad, int64_t divisor_override) {
  TP_CHECK(divisor_override != 0, "divisor must be not zero");
  PoolGeom g = pool_geom(input, args, "avg_pool2d");
  // Each output's window [hstart, hend) x [wstart, wend) clipped to the input, and its divisor.
  auto window = [g, count_include_pad, divisor_override](int64_t oh, int64_t ow, int64_t& h0, int64_t& h1, int64_t& w0,
                                                         int64_t& w1) {
    h0 = oh * g.a.stride[0] - g.a.padding[0];
    w0 = ow * g.a.stride[1] - g.a.padding[1];
    h1 = std::min(h0 + g.a.kernel[0], g.H + g.a.padding[0]);
    w1 = std::min(w0 + g.a.kernel[1], g.W + g.a.padding[1]);
    int64_t pool_size = (h1 - h0) * (w1 - w0);
    h0 = std::max<int64_t>(h0, 0);
    w0 = std::max<int64_t>(w0, 0);
    h1 = std::min(h1, g.H);
    w1 = std::min(w1, g.W);
    if (divisor_override > 0) return double(divisor_override);
    return double(count_include_pad ? pool_size : (h1 - h0) * (w1 - w0));
  };
  std::vector<double> x = values_of(input), y(size_t(g.planes * g.OH * g.OW));
  for (int64_t p = 0; p < g.planes; ++p)
    for (int64_t oh = 0; oh < g.OH; ++oh)
      for (int64_t ow = 0; ow < g.OW; ++ow) {
        int64_t h0, h1, w0, w1;
        double div = window(oh, ow, h0, h1, w0, w1);
        double s = 0;
        for (int64_t ih = h0; ih < h1; ++ih)
          for (int64_t iw = w0; iw < w1; ++iw) s += x[size_t((p * g.H + ih) * g.W + iw)];
        y[size_t((p * g.OH + oh) * g.OW + ow)] = s / div;
      }
  Tensor out = tensor_from_values(y, out_shape(input, g), input.dtype(), input.device());
  if (auto n = make_node("AvgPool2DBackward0", {input}, out.dtype())) {
    Shape in_sizes = input.sizes();
    DType dt = input.dtype();
    Device dev = input.device();
    n->formula = [g, window, in_sizes, dt, dev](const BackwardCtx& c) -> TensorList {
      // grad_input[window] += grad[o] / divisor
      std::vector<double> go = values_of(c.grad()), gi(size_t(shape_numel(in_sizes)), 0.0);
      for (int64_t p = 0; p < g.planes; ++p)
        for (int64_t oh = 0; oh < g.OH; ++oh)
          for (int64_t ow = 0; ow < g.OW; ++ow) {
            int64_t h0, h1, w0, w1;
            double v = go[size_t((p * g.OH + oh) * g.OW + ow)] / window(oh, ow, h0, h1, w0, w1);
            for (int64_t ih = h0; ih < h1; ++ih)
              for (int64_t iw = w0; iw < w1; ++iw) gi[size_t((p * g.H + ih) * g.W + iw)] += v;
          }
      return {tensor_from_values(gi, in_sizes, dt, dev)};
    };
    set_history(out, n);
  }
  return out;
}

Tensor constant_pad_nd(const Tensor& input, const std::vector<int64_t>& pad, double value) {
  const int64_t nd = input.dim();
  // F.pad's checks (PadNd.cpp _pad_enum), which is how users reach constant_pad_nd.
  TP_CHECK(pad.size() % 2 == 0, "Padding length must be divisible by 2");
  TP_CHECK(int64_t(pad.size()) <= nd * 2,
           "Padding length should be less than or equal to two times the input dimension but got padding length " +
               std::to_string(pad.size()) + " and input of dimension " + std::to_string(nd));
  // pad lists (before, after) pairs from the last dim backwards.
  Shape lo(size_t(nd), 0), out_sizes = input.sizes();
  for (size_t i = 0; i < pad.size() / 2; ++i) {
    size_t d = size_t(nd) - 1 - i;
    lo[d] = pad[2 * i];
    int64_t ns = input.size(int64_t(d)) + pad[2 * i] + pad[2 * i + 1];
    TP_CHECK(ns >= 0, "The input size " + std::to_string(input.size(int64_t(d))) + ", plus negative padding " +
                         std::to_string(pad[2 * i]) + " and " + std::to_string(pad[2 * i + 1]) +
                         " resulted in a negative output size, which is invalid. Check dimension " +
                         std::to_string(d) + " of your input.");
    out_sizes[d] = ns;
  }
  std::vector<double> x = values_of(input), y(size_t(shape_numel(out_sizes)), value);
  Shape in_strides = contiguous_strides(input.sizes());
  std::vector<int64_t> pos(size_t(nd), 0);
  for (size_t o = 0; o < y.size(); ++o) {
    int64_t src = 0;
    bool inside = true;
    for (size_t d = 0; d < size_t(nd) && inside; ++d) {
      int64_t i = pos[d] - lo[d];
      inside = i >= 0 && i < input.size(int64_t(d));
      src += i * in_strides[d];
    }
    if (inside) y[o] = x[size_t(src)];
    for (int64_t d = nd - 1; d >= 0; --d) {  // next output position, row-major
      if (++pos[size_t(d)] < out_sizes[size_t(d)]) break;
      pos[size_t(d)] = 0;
    }
  }
  Tensor out = tensor_from_values(y, out_sizes, input.dtype(), input.device());
  if (auto n = make_node("ConstantPadNdBackward0", {input}, out.dtype())) {
    std::vector<int64_t> neg;
    for (int64_t p : pad) neg.push_back(-p);
    n->formula = [neg](const BackwardCtx& c) -> TensorList {
      return {constant_pad_nd(c.grad(), neg, 0.0)};  // constant_pad_nd(grad, -pad): crops back
    };
    set_history(out, n);
  }
  return out;
}

}  // namespace tp
