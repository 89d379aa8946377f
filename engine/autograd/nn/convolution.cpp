// F.conv1d / F.conv2d (aten/src/ATen/native/Convolution.cpp): the shape checks of
// check_shape_forward with PyTorch's messages, an im2col + matrix-product forward in the input's
// dtype with stride / padding / dilation / groups, and ConvolutionBackward0 (grad input, weight,
// bias; a direct loop kernel in double).
// A 1-d convolution runs as a 2-d one with H = 1. The backward is a loop kernel too, so it is not
// itself differentiable (no double backward through convolutions).
#include <string>

#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "autograd/nn_functions.h"
#include "core/error.h"
#include "ops/math/gemm.h"

namespace tp {

namespace {

// Geometry of one call, spatial dims padded to two (index 0 = H, 1 = W).
struct ConvGeom {
  int64_t N, C, H, W, O, Cg, KH, KW, OH, OW, groups;
  int64_t stride[2], pad_lo[2], dil[2];
};

std::string x_joined(const Shape& s) {  // "2 x 2", as check_shape_forward prints sizes
  std::string r;
  for (size_t i = 0; i < s.size(); ++i) r += (i ? " x " : "") + std::to_string(s[i]);
  return r;
}

// out[n][o][oh][ow] = sum_{c, kh, kw} x[n][g*Cg + c][oh*s - p + kh*d][...] * w[o][c][kh][kw], then
// + bias[o], in the input's dtype T: for each image and group, the input patches are unfolded into
// a (Cg*KH*KW) x (OH*OW) matrix (im2col, zeros where the window overhangs the padding) and
// multiplied by the (Og) x (Cg*KH*KW) weights with the blocked matrix kernel, as PyTorch's
// slow_conv2d does with its BLAS (Note [gemm summation order]: c, kh, kw in order; the bias is
// added after the sum, as gemm's beta = 1 epilogue does).
template <class T>
std::vector<double> conv_forward_typed(const ConvGeom& g, const std::vector<double>& xd, const std::vector<double>& wd,
                                       const std::vector<double>& bd) {
  const std::vector<T> x(xd.begin(), xd.end()), w(wd.begin(), wd.end());
  const int64_t Og = g.O / g.groups, K = g.Cg * g.KH * g.KW, P = g.OH * g.OW;
  std::vector<T> cols(size_t(K * P)), out(size_t(g.N * g.O * P));
  for (int64_t n = 0; n < g.N; ++n)
    for (int64_t grp = 0; grp < g.groups; ++grp) {
      for (int64_t c = 0; c < g.Cg; ++c)
        for (int64_t kh = 0; kh < g.KH; ++kh)
          for (int64_t kw = 0; kw < g.KW; ++kw) {
            T* row = cols.data() + ((c * g.KH + kh) * g.KW + kw) * P;
            const T* plane = x.data() + (n * g.C + grp * g.Cg + c) * g.H * g.W;
            for (int64_t oh = 0; oh < g.OH; ++oh) {
              const int64_t ih = oh * g.stride[0] - g.pad_lo[0] + kh * g.dil[0];
              const bool row_in = ih >= 0 && ih < g.H;
              for (int64_t ow = 0; ow < g.OW; ++ow) {
                const int64_t iw = ow * g.stride[1] - g.pad_lo[1] + kw * g.dil[1];
                row[oh * g.OW + ow] = row_in && iw >= 0 && iw < g.W ? plane[ih * g.W + iw] : T(0);
              }
            }
          }
      T* o = out.data() + (n * g.O + grp * Og) * P;
      native::gemm<T>(Og, P, K, w.data() + grp * Og * K, K, 1, cols.data(), P, 1, o, P, 1);
      if (!bd.empty())
        for (int64_t oo = 0; oo < Og; ++oo) {
          const T bias = T(bd[size_t(grp * Og + oo)]);
          for (int64_t q = 0; q < P; ++q) o[oo * P + q] = o[oo * P + q] + bias;
        }
    }
  return std::vector<double>(out.begin(), out.end());
}

std::vector<double> conv_forward(const ConvGeom& g, DType dt, const std::vector<double>& x,
                                 const std::vector<double>& w, const std::vector<double>& b) {
  return dt == DType::Float64 ? conv_forward_typed<double>(g, x, w, b) : conv_forward_typed<float>(g, x, w, b);
}

// The same loops transposed: grad_input += grad * w, grad_weight += grad * x.
void conv_backward(const ConvGeom& g, const std::vector<double>& x, const std::vector<double>& w,
                   const std::vector<double>& go, std::vector<double>& gx, std::vector<double>& gw) {
  const int64_t Og = g.O / g.groups;
  for (int64_t n = 0; n < g.N; ++n)
    for (int64_t o = 0; o < g.O; ++o) {
      int64_t grp = o / Og;
      for (int64_t oh = 0; oh < g.OH; ++oh)
        for (int64_t ow = 0; ow < g.OW; ++ow) {
          double gv = go[size_t(((n * g.O + o) * g.OH + oh) * g.OW + ow)];
          for (int64_t c = 0; c < g.Cg; ++c)
            for (int64_t kh = 0; kh < g.KH; ++kh) {
              int64_t ih = oh * g.stride[0] - g.pad_lo[0] + kh * g.dil[0];
              if (ih < 0 || ih >= g.H) continue;
              for (int64_t kw = 0; kw < g.KW; ++kw) {
                int64_t iw = ow * g.stride[1] - g.pad_lo[1] + kw * g.dil[1];
                if (iw < 0 || iw >= g.W) continue;
                size_t xi = size_t(((n * g.C + grp * g.Cg + c) * g.H + ih) * g.W + iw);
                size_t wi = size_t(((o * g.Cg + c) * g.KH + kh) * g.KW + kw);
                gx[xi] += gv * w[wi];
                gw[wi] += gv * x[xi];
              }
            }
        }
    }
}

}  // namespace

Tensor convolution(const Tensor& input_, const Tensor& weight, const Tensor& bias, const ConvArgs& a) {
  const int64_t S = a.spatial;
  const std::string fname = "conv" + std::to_string(S) + "d";
  TP_CHECK(input_.dim() == S + 1 || input_.dim() == S + 2,
           "Expected " + std::to_string(S + 1) + "D (unbatched) or " + std::to_string(S + 2) +
               "D (batched) input to " + fname + ", but got input of size: " + shape_str(input_.sizes()));
  if (input_.dim() == S + 1) return squeeze(convolution(unsqueeze(input_, 0), weight, bias, a), int64_t(0));
  const Tensor& input = input_;
  // check_shape_forward's order: padding, stride, dilation, groups, then the weight.
  for (int64_t v : a.padding_lo) TP_CHECK(v >= 0, "negative padding is not supported");
  for (int64_t v : a.stride) TP_CHECK(v > 0, "non-positive stride is not supported");
  for (int64_t v : a.dilation) TP_CHECK(v > 0, "dilation should be greater than zero");
  TP_CHECK(a.groups > 0, "non-positive groups is not supported");
  TP_CHECK(weight.dim() == input.dim(),
           "Expected " + std::to_string(weight.dim()) + "-dimensional input for " + std::to_string(weight.dim()) +
               "-dimensional weight " + shape_str(weight.sizes()) + ", but got " + std::to_string(input.dim()) +
               "-dimensional input of size " + shape_str(input.sizes()) + " instead");
  const Shape& ws = weight.sizes();
  TP_CHECK(ws[0] >= a.groups, "Given groups=" + std::to_string(a.groups) + ", expected weight to be at least " +
                                  std::to_string(a.groups) + " at dimension 0, but got weight of size " +
                                  shape_str(ws) + " instead");
  TP_CHECK(ws[0] % a.groups == 0, "Given groups=" + std::to_string(a.groups) + ", expected weight to be divisible by " +
                                      std::to_string(a.groups) + " at dimension 0, but got weight of size " +
                                      shape_str(ws) + " instead");
  TP_CHECK(input.size(1) == ws[1] * a.groups,
           "Given groups=" + std::to_string(a.groups) + ", weight of size " + shape_str(ws) + ", expected input" +
               shape_str(input.sizes()) + " to have " + std::to_string(ws[1] * a.groups) + " channels, but got " +
               std::to_string(input.size(1)) + " channels instead");
  TP_CHECK(!bias.defined() || (bias.dim() == 1 && bias.size(0) == ws[0]),
           "Given weight of size " + shape_str(ws) + ", expected bias to be 1-dimensional with " +
               std::to_string(ws[0]) + " elements, but got bias of size " +
               (bias.defined() ? shape_str(bias.sizes()) : std::string("[]")) + " instead");
  Shape padded, kernel;
  for (int64_t i = 0; i < S; ++i) {
    padded.push_back(input.size(2 + i) + a.padding_lo[size_t(i)] + a.padding_hi[size_t(i)]);
    kernel.push_back(a.dilation[size_t(i)] * (ws[size_t(2 + i)] - 1) + 1);
  }
  bool fits = true;
  for (int64_t i = 0; i < S; ++i) fits = fits && padded[size_t(i)] >= kernel[size_t(i)];
  TP_CHECK(fits, "Calculated padded input size per channel: (" + x_joined(padded) + "). Kernel size: (" +
                     x_joined(kernel) + "). Kernel size can't be greater than actual input size");
  // [UNVERIFIED] wording of the CPU dtype-mismatch check (Convolution.cpp check_input_same_type_as_parameters).
  TP_CHECK(input.dtype() == weight.dtype(), "Input type (torch." + legacy_type_name(input.dtype()) +
                                                ") and weight type (torch." + legacy_type_name(weight.dtype()) +
                                                ") should be the same");
  TP_CHECK(is_floating(input.dtype()), std::string("\"slow_conv2d_cpu\" not implemented for '") +
                                           scalar_type_name(input.dtype()) + "'");
  ConvGeom g{};
  g.N = input.size(0);
  g.C = input.size(1);
  g.H = S == 2 ? input.size(2) : 1;
  g.W = input.size(1 + S);
  g.O = ws[0];
  g.Cg = ws[1];
  g.KH = S == 2 ? ws[2] : 1;
  g.KW = ws[size_t(1 + S)];
  g.groups = a.groups;
  for (int64_t i = 0; i < 2; ++i) {
    int64_t j = S == 2 ? i : i - 1;  // 1-d: H is the fake dim, W is spatial dim 0
    bool real = j >= 0;
    g.stride[i] = real ? a.stride[size_t(j)] : 1;
    g.pad_lo[i] = real ? a.padding_lo[size_t(j)] : 0;
    g.dil[i] = real ? a.dilation[size_t(j)] : 1;
  }
  Shape out_sizes{g.N, g.O};
  for (int64_t i = 0; i < S; ++i)
    out_sizes.push_back((padded[size_t(i)] - kernel[size_t(i)]) / a.stride[size_t(i)] + 1);
  g.OH = S == 2 ? out_sizes[2] : 1;
  g.OW = out_sizes[size_t(1 + S)];
  std::vector<double> xv = values_of(input), wv = values_of(weight);
  std::vector<double> bv = bias.defined() ? values_of(bias) : std::vector<double>();
  Tensor out = tensor_from_values(conv_forward(g, input.dtype(), xv, wv, bv), out_sizes, input.dtype(), input.device());
  if (auto n = make_node("ConvolutionBackward0", {input, weight, bias}, out.dtype())) {
    n->save("input", input);
    n->save("weight", weight);
    n->formula = [g](const BackwardCtx& c) -> TensorList {
      Tensor x = c.get("input"), w = c.get("weight");
      std::vector<double> go = values_of(c.grad());
      std::vector<double> gx(size_t(x.numel()), 0.0), gw(size_t(w.numel()), 0.0);
      conv_backward(g, values_of(x), values_of(w), go, gx, gw);
      TensorList r(3);
      if (c.needs(0)) r[0] = tensor_from_values(gx, x.sizes(), x.dtype(), x.device());
      if (c.needs(1)) r[1] = tensor_from_values(gw, w.sizes(), w.dtype(), w.device());
      if (c.needs(2)) {  // grad_bias[o] = sum of grad over batch and positions
        std::vector<int64_t> dims{0};
        for (int64_t d = 2; d < c.grad().dim(); ++d) dims.push_back(d);
        r[2] = sum(c.grad(), dims, false, std::nullopt);
      }
      return r;
    };
    set_history(out, n);
  }
  return out;
}

}  // namespace tp
