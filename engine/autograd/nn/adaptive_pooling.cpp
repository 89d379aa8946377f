// F.adaptive_avg_pool2d / adaptive_max_pool2d over (N, C, H, W) or (C, H, W)
// (aten/src/ATen/native/AdaptiveAveragePooling.cpp, AdaptiveMaxPooling2d.cpp and their cpu kernels):
// output cell o of a dim of size `in` reads [start_index, end_index) of AdaptivePooling.h. The
// average sums in the tensor's type and divides by the window height then width; an output of
// (1, 1) is input.mean((-1, -2), keepdim=True) as ATen special-cases it (MeanBackward1).
#include <cmath>
#include <limits>

#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "autograd/nn_functions.h"
#include "core/error.h"

namespace tp {

namespace {

// AdaptivePooling.h
int64_t start_index(int64_t a, int64_t b, int64_t c) { return (a / b) * c + ((a % b) * c) / b; }
int64_t end_index(int64_t a, int64_t b, int64_t c) { return 1 + ((a + 1) * c - 1) / b; }

struct Geom {
  int64_t planes, H, W, OH, OW;
};

Geom geom(const Tensor& x, int64_t oh, int64_t ow, const char* fname) {
  TP_CHECK(oh >= 0 && ow >= 0, std::string(fname) + ": elements of output_size must be greater than or equal to 0 but "
                                   "received {" + std::to_string(oh) + ", " + std::to_string(ow) + "}");
  int64_t nd = x.dim();
  TP_CHECK(nd == 3 || nd == 4, std::string(fname) + "(): Expected 3D or 4D tensor, but got " + shape_str(x.sizes()));
  for (int64_t i : {-2, -1})
    TP_CHECK(x.size(i) > 0, std::string(fname) + "(): Expected input to have non-zero size for non-batch dimensions, "
                                "but input has sizes " + shape_str(x.sizes()) + " with dimension " +
                                std::to_string(i + nd) + " being empty");
  TP_CHECK(is_floating(x.dtype()), std::string("\"") + fname + "\" not implemented for '" + scalar_type_name(x.dtype()) + "'");
  Geom g{};
  g.H = x.size(-2);
  g.W = x.size(-1);
  g.planes = x.numel() / (g.H * g.W);
  g.OH = oh;
  g.OW = ow;
  return g;
}

Shape out_shape(const Tensor& x, const Geom& g) {
  Shape s = x.sizes();
  s[s.size() - 2] = g.OH;
  s[s.size() - 1] = g.OW;
  return s;
}

template <class T>
std::vector<double> avg_loop(const std::vector<double>& xv, const Geom& g) {
  std::vector<double> y(size_t(g.planes * g.OH * g.OW));
  for (int64_t p = 0; p < g.planes; ++p)
    for (int64_t oh = 0; oh < g.OH; ++oh) {
      int64_t h0 = start_index(oh, g.OH, g.H), h1 = end_index(oh, g.OH, g.H);
      for (int64_t ow = 0; ow < g.OW; ++ow) {
        int64_t w0 = start_index(ow, g.OW, g.W), w1 = end_index(ow, g.OW, g.W);
        T sum = 0;
        for (int64_t ih = h0; ih < h1; ++ih)
          for (int64_t iw = w0; iw < w1; ++iw) sum += T(xv[size_t((p * g.H + ih) * g.W + iw)]);
        y[size_t((p * g.OH + oh) * g.OW + ow)] = double(sum / T(h1 - h0) / T(w1 - w0));
      }
    }
  return y;
}

}  // namespace

Tensor adaptive_avg_pool2d(const Tensor& input, int64_t oh, int64_t ow) {
  if (oh == 1 && ow == 1) return mean(input, {-1, -2}, true, std::nullopt);  // before any of the kernel's checks
  Geom g = geom(input, oh, ow, "adaptive_avg_pool2d");
  std::vector<double> xv = values_of(input);
  std::vector<double> y = input.dtype() == DType::Float64 ? avg_loop<double>(xv, g) : avg_loop<float>(xv, g);
  Tensor out = tensor_from_values(y, out_shape(input, g), input.dtype(), input.device());
  if (auto n = make_node("AdaptiveAvgPool2DBackward0", {input}, out.dtype())) {
    n->save("self", input);
    n->formula = [g](const BackwardCtx& c) -> TensorList {
      // _adaptive_avg_pool2d_backward: each output's grad spread evenly over its window
      Tensor self = c.get("self");
      std::vector<double> go = values_of(c.grad()), gi(size_t(self.numel()), 0.0);
      for (int64_t p = 0; p < g.planes; ++p)
        for (int64_t oh = 0; oh < g.OH; ++oh) {
          int64_t h0 = start_index(oh, g.OH, g.H), h1 = end_index(oh, g.OH, g.H);
          for (int64_t ow = 0; ow < g.OW; ++ow) {
            int64_t w0 = start_index(ow, g.OW, g.W), w1 = end_index(ow, g.OW, g.W);
            double share = go[size_t((p * g.OH + oh) * g.OW + ow)] / double(h1 - h0) / double(w1 - w0);
            for (int64_t ih = h0; ih < h1; ++ih)
              for (int64_t iw = w0; iw < w1; ++iw) gi[size_t((p * g.H + ih) * g.W + iw)] += share;
          }
        }
      return {tensor_from_values(gi, self.sizes(), self.dtype(), self.device())};
    };
    set_history(out, n);
  }
  return out;
}

std::pair<Tensor, Tensor> adaptive_max_pool2d(const Tensor& input, int64_t oh, int64_t ow) {
  Geom g = geom(input, oh, ow, "adaptive_max_pool2d");
  std::vector<double> xv = values_of(input), y(size_t(g.planes * g.OH * g.OW)), idx(y.size());
  for (int64_t p = 0; p < g.planes; ++p)
    for (int64_t o_h = 0; o_h < g.OH; ++o_h) {
      int64_t h0 = start_index(o_h, g.OH, g.H), h1 = end_index(o_h, g.OH, g.H);
      for (int64_t o_w = 0; o_w < g.OW; ++o_w) {
        int64_t w0 = start_index(o_w, g.OW, g.W), w1 = end_index(o_w, g.OW, g.W);
        // the first cell starts as the index, -inf as the value; a larger value or NaN takes over
        int64_t best_i = h0 * g.W + w0;
        double best = -std::numeric_limits<double>::infinity();
        for (int64_t ih = h0; ih < h1; ++ih)
          for (int64_t iw = w0; iw < w1; ++iw) {
            double v = xv[size_t((p * g.H + ih) * g.W + iw)];
            if (v > best || std::isnan(v)) {
              best = v;
              best_i = ih * g.W + iw;
            }
          }
        size_t o = size_t((p * g.OH + o_h) * g.OW + o_w);
        y[o] = best;
        idx[o] = double(best_i);
      }
    }
  Shape os = out_shape(input, g);
  Tensor out = tensor_from_values(y, os, input.dtype(), input.device());
  Tensor indices = tensor_from_values(idx, os, DType::Int64, input.device());
  if (auto n = make_node("AdaptiveMaxPool2DBackward0", {input}, out.dtype())) {
    n->save("self", input);
    n->save("result1", indices, /*is_output=*/true);
    int64_t plane = g.H * g.W, per_plane = g.OH * g.OW;
    n->formula = [plane, per_plane](const BackwardCtx& c) -> TensorList {
      // adaptive_max_pool2d_backward: grad_input[plane][indices[o]] += grad[o]
      Tensor self = c.get("self");
      std::vector<double> gi(size_t(self.numel()), 0.0), go = values_of(c.grad()), ix = values_of(c.get("result1"));
      for (size_t o = 0; o < ix.size(); ++o) gi[size_t(int64_t(o) / per_plane * plane + int64_t(ix[o]))] += go[o];
      return {tensor_from_values(gi, self.sizes(), self.dtype(), self.device())};
    };
    set_history(out, n);
  }
  return {out, indices};
}

}  // namespace tp
