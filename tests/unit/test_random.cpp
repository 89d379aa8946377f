// ops/random.cpp: known PyTorch streams (reference section 4) for rand, randn (both paths),
// randint, randperm and uniform_.
#include <catch2/catch.hpp>

#include "core/context.h"
#include "core/error.h"
#include "ops/native.h"

using namespace tp;
namespace nt = tp::native;

namespace {
std::vector<double> values(const Tensor& t) {
  std::vector<double> v;
  for (int64_t i = 0; i < t.numel(); ++i) v.push_back(t.double_at(t.storage_index_of(i)));
  return v;
}
void check_4dp(const Tensor& t, const std::vector<double>& expect) {
  REQUIRE(t.numel() == int64_t(expect.size()));
  for (size_t i = 0; i < expect.size(); ++i) CHECK(t.double_at(t.storage_index_of(int64_t(i))) == Approx(expect[i]).margin(5e-5));
}
}  // namespace

TEST_CASE("rand matches PyTorch's stream bit for bit", "[ops][random]") {
  Context c; ContextGuard g(c);
  c.generator.manual_seed(0);
  Tensor r = nt::rand({5}, DType::Float32, Device{});
  CHECK(values(r) == std::vector<double>{0.49625658988952637, 0.7682217955589294, 0.08847743272781372,
                                         0.13203048706054688, 0.30742281675338745});
  c.generator.manual_seed(0);
  Tensor d = nt::rand({8}, DType::Float64, Device{});
  CHECK(d.double_at(0) == 0.9700530018065531);
  CHECK(d.double_at(7) == 0.3511076243939284);
  c.generator.manual_seed(42);
  check_4dp(nt::rand({4}, DType::Float32, Device{}), {0.8823, 0.9150, 0.3829, 0.9593});
}

TEST_CASE("randn: scalar Box-Muller path with cache and the 16-block fill path", "[ops][random]") {
  Context c; ContextGuard g(c);
  c.generator.manual_seed(0);
  Tensor n = nt::randn({5}, DType::Float32, Device{});
  CHECK(values(n) == std::vector<double>{1.5409960746765137, -0.293428897857666, -2.1787893772125244,
                                         0.5684312582015991, -1.0845223665237427});
  c.generator.manual_seed(0);
  Tensor nd = nt::randn({5}, DType::Float64, Device{});
  CHECK(nd.double_at(0) == 1.5409961082440433);
  CHECK(nd.double_at(4) == -1.084522342424021);
  c.generator.manual_seed(0);
  check_4dp(nt::randn({4, 4}, DType::Float32, Device{}),
            {-1.1258, -1.1524, -0.2506, -0.4339, 0.8487, 0.6920, -0.3160, -2.1152, 0.3223, -1.2633, 0.3500, 0.3081,
             0.1198, 1.2377, 1.1168, -0.2473});
  c.generator.manual_seed(0);
  check_4dp(nt::randn({17}, DType::Float32, Device{}),
            {-1.1258, -1.6959, 0.5667, 0.7935, 0.5988, -1.5551, -0.3414, 1.8530, 0.4681, -0.5855, -0.1734, 0.1835,
             1.3894, 1.5863, 0.9463, -0.8437, 0.9318});
  // randn(3) leaves a cached normal; rand continues after 8 draws
  c.generator.manual_seed(0);
  nt::randn({3}, DType::Float32, Device{});
  check_4dp(nt::rand({3}, DType::Float32, Device{}), {0.4556, 0.6323, 0.3489});
  // the cache survives a fill-path call
  c.generator.manual_seed(0);
  check_4dp(nt::randn({1}, DType::Float32, Device{}), {1.5410});
  check_4dp(nt::slice(nt::randn({16}, DType::Float32, Device{}), 0, 0, 4, 1), {0.8487, 0.6920, -0.3160, -2.1152});
  check_4dp(nt::randn({1}, DType::Float32, Device{}), {-0.2934});
}

TEST_CASE("randint, randperm and uniform_", "[ops][random]") {
  Context c; ContextGuard g(c);
  c.generator.manual_seed(0);
  CHECK(values(nt::randint(0, 10, {5}, DType::Int64, Device{})) == std::vector<double>{4, 9, 3, 0, 3});
  c.generator.manual_seed(0);
  CHECK(values(nt::randint(1, 7, {6}, DType::Int64, Device{})) == std::vector<double>{3, 4, 6, 1, 2, 4});
  c.generator.manual_seed(0);
  CHECK(values(nt::randperm(10, DType::Int64, Device{})) == std::vector<double>{4, 1, 7, 5, 3, 9, 0, 8, 6, 2});
  c.generator.manual_seed(42);
  CHECK(values(nt::randperm(10, DType::Int64, Device{})) == std::vector<double>{2, 6, 1, 8, 4, 5, 0, 9, 3, 7});
  // nn.Linear(2, 1) after manual_seed(0): kaiming bound then bias bound, both 1/sqrt(2) in double
  c.generator.manual_seed(0);
  Tensor w = nt::empty({1, 2}, DType::Float32, Device{});
  Tensor b = nt::empty({1}, DType::Float32, Device{});
  nt::uniform_(w, -0.7071067811865474, 0.7071067811865474);
  nt::uniform_(b, -0.7071067811865475, 0.7071067811865475);
  CHECK(w.double_at(0) == -0.0052939653396606445);
  CHECK(w.double_at(1) == 0.37932294607162476);
  CHECK(b.double_at(0) == -0.5819807648658752);
  CHECK(w.version() == 1);
  try {
    nt::randint(5, 5, {1}, DType::Int64, Device{});
    FAIL("no error");
  } catch (const TorchError& e) {
    CHECK(std::string(e.what()) == "random_ expects 'from' to be less than 'to', but got from=5 >= to=5");
  }
}
