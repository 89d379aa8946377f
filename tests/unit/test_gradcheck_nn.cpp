// Gradient checks for the torch.nn.functional ops of autograd/nn_functions.h: activations,
// regression / binary losses and embedding, against central finite differences in float64.
#include <catch2/catch.hpp>

#include <functional>

#include "autograd/nn_functions.h"
#include "test_autograd_helpers.h"

using namespace tp;
using namespace tp::testing;

namespace {

using Fn = std::function<Tensor(const std::vector<Tensor>&)>;

Tensor d(const std::vector<double>& v, const Shape& sizes) { return make(v, sizes, true, DType::Float64); }

// Values away from the kinks at 0 (and at +-1 for differences of two such tensors).
Tensor dseq(const Shape& sizes, double start = -1.0, double step = 0.45) {
  std::vector<double> v(size_t(shape_numel(sizes)));
  for (size_t i = 0; i < v.size(); ++i) v[i] = start + step * double(i) - 0.11 * double(i % 3);
  return d(v, sizes);
}

double weight_of(size_t i) { return 0.5 + 0.25 * double(i % 5); }

double loss_value(const Fn& f, const std::vector<Tensor>& in) {
  GradModeGuard off(false);
  std::vector<double> o = values_of(f(in));
  double s = 0;
  for (size_t i = 0; i < o.size(); ++i) s += o[i] * weight_of(i);
  return s;
}

// backward() of sum(f(in) * w) against central differences, element by element (as test_gradcheck.cpp).
void gradcheck(const Fn& f, std::vector<Tensor> in, double eps = 1e-6, double tol = 1e-5) {
  Tensor out = f(in);
  REQUIRE(out.requires_grad());
  std::vector<double> w(size_t(out.numel()));
  for (size_t i = 0; i < w.size(); ++i) w[i] = weight_of(i);
  Tensor loss = sum(mul(out, make(w, out.sizes(), false, out.dtype())), {}, false, std::nullopt);
  backward(loss, Tensor(), std::nullopt, false);
  for (size_t i = 0; i < in.size(); ++i) {
    if (!in[i].impl()->requires_grad) continue;
    Tensor g = get_grad(in[i]);
    REQUIRE(g.defined());
    REQUIRE(g.sizes() == in[i].sizes());
    std::vector<double> analytic = values_of(g);
    for (int64_t k = 0; k < in[i].numel(); ++k) {
      int64_t si = in[i].storage_index_of(k);
      double x0 = in[i].double_at(si);
      in[i].set_at(si, Scalar::from_double(x0 + eps));
      double up = loss_value(f, in);
      in[i].set_at(si, Scalar::from_double(x0 - eps));
      double down = loss_value(f, in);
      in[i].set_at(si, Scalar::from_double(x0));
      INFO("input " << i << " element " << k);
      CHECK(analytic[size_t(k)] == Approx((up - down) / (2 * eps)).margin(tol).epsilon(tol));
    }
  }
}

Tensor probabilities(const Shape& sizes, bool requires_grad) {
  std::vector<double> v(size_t(shape_numel(sizes)));
  for (size_t i = 0; i < v.size(); ++i) v[i] = 0.15 + 0.7 * double((i * 7) % 11) / 10.0;
  return make(v, sizes, requires_grad, DType::Float64);
}

}  // namespace

#define GC_CASE(title) TEST_CASE("gradcheck nn: " title, "[gradcheck][nn]")
#define SETUP Context c; ContextGuard g(c)

GC_CASE("leaky_relu/gelu/elu/silu/softplus") {
  SETUP;
  gradcheck([](auto& x) { return leaky_relu(x[0], 0.01); }, {dseq({2, 3})});
  gradcheck([](auto& x) { return leaky_relu(x[0], 0.3); }, {dseq({6})});
  gradcheck([](auto& x) { return gelu(x[0], "none"); }, {dseq({2, 3})});
  gradcheck([](auto& x) { return gelu(x[0], "tanh"); }, {dseq({2, 3})});
  gradcheck([](auto& x) { return elu(x[0], 1.0); }, {dseq({2, 3})});
  gradcheck([](auto& x) { return elu(x[0], 0.5); }, {dseq({6})});
  gradcheck([](auto& x) { return silu(x[0]); }, {dseq({2, 3})});
  gradcheck([](auto& x) { return softplus(x[0], 1.0, 20.0); }, {dseq({2, 3})});
  gradcheck([](auto& x) { return softplus(x[0], 2.0, 1.0); }, {dseq({6})});  // some past the threshold
}

GC_CASE("l1/smooth_l1/huber losses, every reduction, input and target") {
  SETUP;
  for (const char* r : {"mean", "sum", "none"}) {
    std::string red = r;
    gradcheck([red](auto& x) { return l1_loss(x[0], x[1], red); }, {dseq({2, 3}), dseq({2, 3}, 0.2, 0.1)});
    gradcheck([red](auto& x) { return smooth_l1_loss(x[0], x[1], red, 1.0); }, {dseq({2, 3}), dseq({2, 3}, 0.2, 0.1)});
    gradcheck([red](auto& x) { return smooth_l1_loss(x[0], x[1], red, 0.5); }, {dseq({6}), dseq({6}, 0.2, 0.1)});
    gradcheck([red](auto& x) { return huber_loss(x[0], x[1], red, 1.0); }, {dseq({2, 3}), dseq({2, 3}, 0.2, 0.1)});
    gradcheck([red](auto& x) { return huber_loss(x[0], x[1], red, 0.4); }, {dseq({6}), dseq({6}, 0.2, 0.1)});
  }
}

GC_CASE("binary_cross_entropy and _with_logits: weight, pos_weight, input and target") {
  SETUP;
  Tensor w = make({0.5, 2.0, 1.0}, {3}, false, DType::Float64);
  for (const char* r : {"mean", "sum", "none"}) {
    std::string red = r;
    gradcheck([red](auto& x) { return binary_cross_entropy(x[0], x[1], Tensor(), red); },
              {probabilities({2, 3}, true), probabilities({2, 3}, true)});
    gradcheck([red, w](auto& x) { return binary_cross_entropy(x[0], x[1], w, red); },
              {probabilities({2, 3}, true), probabilities({2, 3}, false)});
    gradcheck([red](auto& x) { return binary_cross_entropy_with_logits(x[0], x[1], Tensor(), Tensor(), red); },
              {dseq({2, 3}), probabilities({2, 3}, true)});
    gradcheck([red, w](auto& x) { return binary_cross_entropy_with_logits(x[0], x[1], w, w, red); },
              {dseq({2, 3}), probabilities({2, 3}, true)});
  }
}

GC_CASE("embedding with repeated indices and padding_idx") {
  SETUP;
  Tensor idx = native::to(make({0, 2, 2, 3, 1, 2}, {2, 3}), DType::Int64, Device{}, false);
  gradcheck([idx](auto& x) { return embedding(x[0], idx, -1); }, {dseq({4, 2})});
  // padding_idx: the row still reads its values but never receives a gradient (not a finite difference).
  Tensor w = dseq({4, 2});
  backward(sum(embedding(w, idx, 2), {}, false, std::nullopt), Tensor(), std::nullopt, false);
  CHECK(vals(get_grad(w)) == std::vector<double>{1, 1, 1, 1, 0, 0, 1, 1});
}

TEST_CASE("dropout: identity when not training, exact for p = 0 and 1, refuses random masks", "[nn]") {
  SETUP;
  Tensor x = make({1, -2, 3}, {3}, true);
  CHECK(dropout(x, 0.5, false).impl() == x.impl());
  CHECK(dropout(x, 0.0, true).impl() == x.impl());
  Tensor zero = dropout(x, 1.0, true);
  CHECK(fn_name(zero) == "MulBackward0");
  CHECK(vals(zero) == std::vector<double>{0, 0, 0});
  // Note [Dropout masks]: PyTorch's CPU masks depend on the machine, so none is printed.
  CHECK_THROWS_AS(dropout(x, 0.5, true), TorchError);
}
