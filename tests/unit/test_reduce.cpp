// ops/math/reductions.cpp and ops/math/reductions_minmax.cpp: dims/keepdim shapes, result dtypes, first-index ties,
// NaN propagation, the cascade summation order and PyTorch's messages.
#include <catch2/catch.hpp>

#include <cmath>

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
std::string error_of(const std::function<void()>& f) {
  try { f(); } catch (const TorchError& e) { return e.py_type() + ": " + e.what(); }
  return "no error";
}
Tensor iota(int64_t n, DType dt = DType::Float32) {
  return nt::arange(Scalar::from_int(0), Scalar::from_int(n), Scalar::from_int(1), dt, Device{});
}
Tensor vec(std::vector<double> v, DType dt) {
  std::vector<Scalar> s;
  for (double x : v) s.push_back(is_floating(dt) ? Scalar::from_double(x) : Scalar::from_int(int64_t(x)));
  return nt::from_scalars(s, {int64_t(v.size())}, dt, Device{});
}
}  // namespace

TEST_CASE("sum over dims with keepdim and dtypes", "[ops][reduce]") {
  Context c; ContextGuard g(c);
  Tensor x = nt::view(iota(6), {2, 3});
  CHECK(values(nt::sum(x, {}, false, std::nullopt)) == std::vector<double>{15});
  CHECK(nt::sum(x, {}, false, std::nullopt).dim() == 0);
  CHECK(values(nt::sum(x, {0}, false, std::nullopt)) == std::vector<double>{3, 5, 7});
  Tensor k = nt::sum(x, {1}, true, std::nullopt);
  CHECK(k.sizes() == Shape{2, 1});
  CHECK(values(k) == std::vector<double>{3, 12});
  CHECK(values(nt::sum(nt::t(x), {0}, false, std::nullopt)) == std::vector<double>{3, 12});
  CHECK(nt::sum(iota(3, DType::Int32), {}, false, std::nullopt).dtype() == DType::Int64);
  CHECK(values(nt::sum(vec({1, 0, 1}, DType::Bool), {}, false, std::nullopt)) == std::vector<double>{2});
  CHECK(nt::sum(x, {}, false, DType::Float64).dtype() == DType::Float64);
  CHECK(error_of([&] { nt::sum(x, {0, -2}, false, std::nullopt); }) ==
        "RuntimeError: dim 0 appears multiple times in the list of dims");
  CHECK(values(nt::sum(nt::zeros({0, 3}, DType::Float32, Device{}), {0}, false, std::nullopt)) ==
        std::vector<double>{0, 0, 0});
  // a large contiguous float sum goes through the vectorised cascade; integers stay exact
  Tensor big = iota(1000);
  CHECK(nt::sum(big, {}, false, std::nullopt).double_at(0) == 499500.0);
  Tensor big3 = nt::view(iota(60), {3, 4, 5});
  CHECK(values(nt::sum(big3, {0, 2}, false, std::nullopt)) == std::vector<double>{330, 405, 480, 555});
}

TEST_CASE("cascade sum keeps float32 accumulation (not a double sum)", "[ops][reduce]") {
  Context c; ContextGuard g(c);
  // 0.1f * 10 summed in float differs from the double sum rounded to float
  Tensor t = nt::full({10}, Scalar::from_double(0.1), DType::Float32, Device{});
  double s = nt::sum(t, {}, false, std::nullopt).double_at(0);
  // 10 elements: one 8-lane vector (each lane one value) + 2 scalar tail; final = tail sum then lanes
  float expect = 0.0f;
  expect += 0.1f;
  expect += 0.1f;
  for (int l = 0; l < 8; ++l) expect += 0.1f;
  CHECK(s == double(expect));
}

TEST_CASE("mean requires floating dtypes and divides the float sum", "[ops][reduce]") {
  Context c; ContextGuard g(c);
  Tensor x = nt::view(iota(6), {2, 3});
  CHECK(values(nt::mean(x, {1}, false, std::nullopt)) == std::vector<double>{1, 4});
  CHECK(nt::mean(x, {}, false, std::nullopt).double_at(0) == 2.5);
  CHECK(error_of([&] { nt::mean(iota(3, DType::Int64), {}, false, std::nullopt); }) ==
        "RuntimeError: mean(): could not infer output dtype. Input dtype must be either a floating point or complex "
        "dtype. Got: Long");
  CHECK(nt::mean(iota(3, DType::Int64), {}, false, DType::Float32).double_at(0) == 1.0);
  CHECK(std::isnan(nt::mean(nt::zeros({0}, DType::Float32, Device{}), {}, false, std::nullopt).double_at(0)));
}

TEST_CASE("prod, amax/amin, max/min with indices, argmax", "[ops][reduce]") {
  Context c; ContextGuard g(c);
  CHECK(values(nt::prod(vec({1, 2, 3, 4}, DType::Int32), std::nullopt, false)) == std::vector<double>{24});
  CHECK(nt::prod(vec({1, 2}, DType::Int32), std::nullopt, false).dtype() == DType::Int64);
  Tensor x = nt::view(vec({3, 7, 7, 1, 9, 9}, DType::Float32), {2, 3});
  CHECK(values(nt::amax(x, {1}, false)) == std::vector<double>{7, 9});
  CHECK(values(nt::amin(x, {}, false)) == std::vector<double>{1});
  auto [v, i] = nt::max_dim(x, 1, true);
  CHECK(v.sizes() == Shape{2, 1});
  CHECK(values(i) == std::vector<double>{1, 1});  // first of the tied maxima
  CHECK(i.dtype() == DType::Int64);
  auto mn = nt::min_dim(x, 0, false);
  CHECK(values(mn.first) == std::vector<double>{1, 7, 7});
  CHECK(values(mn.second) == std::vector<double>{1, 0, 0});
  CHECK(values(nt::argmax(x, std::nullopt, false)) == std::vector<double>{4});
  CHECK(nt::argmax(x, std::nullopt, true).sizes() == Shape{1, 1});
  CHECK(values(nt::argmin(x, 1, false)) == std::vector<double>{0, 0});
  Tensor n = vec({1, NAN, 5, NAN}, DType::Float32);
  CHECK(std::isnan(nt::max_all(n).double_at(0)));
  CHECK(values(nt::argmax(n, 0, false)) == std::vector<double>{1});
  CHECK(error_of([&] { nt::max_all(nt::zeros({0}, DType::Float32, Device{})); }) ==
        "RuntimeError: max(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction "
        "dim with the 'dim' argument.");
  CHECK(error_of([&] { nt::max_dim(nt::zeros({2, 0}, DType::Float32, Device{}), 1, false); }) ==
        "IndexError: max(): Expected reduction dim 1 to have non-zero size.");
  CHECK(error_of([&] { nt::argmax(nt::zeros({0}, DType::Float32, Device{}), std::nullopt, false); }) ==
        "IndexError: argmax(): Expected reduction dim to be specified for input.numel() == 0.");
}
