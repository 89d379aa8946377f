// torch.normal's overloads against normal_ / randn under the same seed (the composition adds and
// scales the very samples randn would give), their zero gradients, and bernoulli with probability
// tensors against the uniform stream (rand) under the same seed.
#include <catch2/catch.hpp>

#include "autograd/math/random.h"
#include "test_autograd_helpers.h"

using namespace tp;
using namespace tp::testing;

TEST_CASE("normal overloads reuse normal_'s samples; zero gradients", "[random]") {
  Context c;
  ContextGuard g(c);
  c.generator.manual_seed(0);
  std::vector<double> z = values_of(randn({5}, DType::Float32, Device{}));
  c.generator.manual_seed(0);
  Tensor mean = make({0, 1, 2, 3, 4}, {5}, true);
  Tensor y = normal(mean, 2.0);
  std::vector<double> v = values_of(y);
  for (size_t i = 0; i < 5; ++i) CHECK(v[i] == Approx(2 * z[i] + double(i)).epsilon(1e-6));
  CHECK(grad_fn(y)->name() == "NormalBackward1");
  backward(sum(y, {}, false, std::nullopt), Tensor(), std::nullopt, false);
  CHECK(values_of(get_grad(mean)) == std::vector<double>(5, 0.0));
  Tensor s = make({1, 2}, {2}, true);
  CHECK(grad_fn(normal(1.0, s))->name() == "NormalBackward2");
  CHECK(grad_fn(normal(make({0, 0}, {2}), s))->name() == "NormalBackward3");
}

TEST_CASE("bernoulli with a probability tensor draws one uniform per element", "[random]") {
  Context c;
  ContextGuard g(c);
  c.generator.manual_seed(3);
  std::vector<double> u = values_of(rand({6}, DType::Float32, Device{}));
  c.generator.manual_seed(3);
  Tensor p = make({0.2, 0.4, 0.6, 0.8, 0.5, 0.9}, {6});
  std::vector<double> b = values_of(bernoulli(p));
  for (size_t i = 0; i < 6; ++i) CHECK(b[i] == (u[i] < values_of(p)[i] ? 1.0 : 0.0));
}
