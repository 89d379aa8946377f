// ops/math/exp_float.cpp (Note [float32 exp]): the inlined, vectorised float32 exp against the
// libraries it reproduces, and its array loop against its element-by-element answer.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "core/context.h"
#include "ops/math/exp_float.h"
#include "ops/native.h"

using namespace tp;
namespace nt = tp::native;

namespace {

uint32_t bits_of(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}
float float_of(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}
// Same bits, or both NaN (a NaN's payload is the library's business).
bool same(float a, float b) { return bits_of(a) == bits_of(b) || (std::isnan(a) && std::isnan(b)); }

// Inputs on both sides of every boundary the kernel has: the |x| >= 88 cut to the library,
// overflow near 88.72, underflow to subnormals and to zero near -103.97, infinities and NaN.
const std::vector<float> kEdges = {
    0.0f, -0.0f, 1.0f, -1.0f, 1e-30f, float_of(1), 87.99999f, 88.0f, -88.0f, 88.5f, 88.72283f, 88.72284f,
    -87.33654f, -87.33655f, -100.0f, -103.97207f, -103.97208f, -104.0f, 1000.0f, -1000.0f,
    std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
    std::numeric_limits<float>::quiet_NaN(), -std::numeric_limits<float>::quiet_NaN()};

}  // namespace

TEST_CASE("float32 exp gives musl's expf on every build") {
  // The two inputs (of all 2^32) where glibc's FMA build of the same algorithm rounds differently.
  CHECK(bits_of(nt::exp_float(0x1.04845ep+5f)) == bits_of(0x1.f93e36p+46f));
  CHECK(bits_of(nt::exp_float(-0x1.f8cbb2p+5f)) == bits_of(0x1.f45324p-92f));
  CHECK(nt::exp_float(0.0f) == 1.0f);
  CHECK(nt::exp_float(std::numeric_limits<float>::infinity()) == std::numeric_limits<float>::infinity());
  CHECK(nt::exp_float(-std::numeric_limits<float>::infinity()) == 0.0f);
  CHECK(std::isnan(nt::exp_float(std::numeric_limits<float>::quiet_NaN())));
  CHECK(nt::exp_float(88.8f) == std::numeric_limits<float>::infinity());
  CHECK(nt::exp_float(-104.0f) == 0.0f);

  // Every 4,099th bit pattern (about a million inputs, all exponents, both signs).
  int64_t mismatches = 0, over_one_ulp = 0;
  for (uint64_t u = 0; u < (uint64_t(1) << 32); u += 4099) {
    const float x = float_of(uint32_t(u)), ours = nt::exp_float(x);
#ifdef __EMSCRIPTEN__
    mismatches += !same(ours, std::exp(x));  // the library is musl's expf: the same algorithm
#endif
    const double exact = std::exp(double(x));
    if (std::isfinite(ours) && ours != 0.0f && std::isfinite(exact)) {
      const float up = std::nextafter(ours, std::numeric_limits<float>::infinity());
      over_one_ulp += std::abs(double(ours) - exact) > double(up) - double(ours);
    }
  }
  CHECK(mismatches == 0);
  CHECK(over_one_ulp == 0);
}

TEST_CASE("float32 exp's array loop answers each element as exp_float does") {
  // Lengths across the loop's 256-element blocks; one input out of the polynomial's range moves
  // through each length so that every block runs both the vectorised and the element loop.
  for (int64_t n : {0, 1, 3, 255, 256, 257, 511, 600}) {
    std::vector<float> x(static_cast<size_t>(n)), out(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) x[size_t(i)] = float(i % 97) * 0.37f - 17.0f;
    for (int64_t at : {int64_t(-1), int64_t(0), n / 2, n - 1}) {
      if (at >= n) continue;
      for (float edge : kEdges) {
        std::vector<float> in = x;
        if (at >= 0) in[size_t(at)] = edge;
        nt::exp_float_array(in.data(), out.data(), n);
        for (int64_t i = 0; i < n; ++i) {
          INFO("n " << n << ", element " << i << ", x " << in[size_t(i)]);
          REQUIRE(same(out[size_t(i)], nt::exp_float(in[size_t(i)])));
        }
      }
    }
  }
}

TEST_CASE("torch.exp on float32 is the same on flat and strided tensors") {
  Context c; ContextGuard g(c);
  std::vector<float> v;
  for (int i = 0; i < 300; ++i) v.push_back(float(i) * 0.61f - 95.0f);
  v.insert(v.end(), kEdges.begin(), kEdges.end());
  const int64_t n = int64_t(v.size());
  std::vector<Scalar> scalars;
  for (float x : v) scalars.push_back(Scalar::from_double(x));
  Tensor flat = nt::from_scalars(scalars, {n}, DType::Float32, Device{});
  Tensor flat_exp = nt::unary(flat, nt::UnaryOp::Exp);
  Tensor every_other = nt::unary(nt::slice(flat, 0, 0, n, 2), nt::UnaryOp::Exp);  // the element loop
  for (int64_t i = 0; i < n; ++i) {
    INFO("x " << v[size_t(i)]);
    REQUIRE(same(float(flat_exp.double_at(i)), nt::exp_float(v[size_t(i)])));
    if (i % 2 == 0) REQUIRE(same(float(every_other.double_at(i / 2)), nt::exp_float(v[size_t(i)])));
  }
}
