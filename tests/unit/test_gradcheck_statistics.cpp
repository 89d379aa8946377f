// Gradient checks for nansum / nanmean (NaN-free inputs; NaN positions get zero gradient),
// dist (p = 1, 2, 3, inf; broadcast other), the trapezoid rules (x samples or constant dx),
// quantile / nanquantile in every interpolation mode, cov (with weights) and corrcoef.
#include <catch2/catch.hpp>

#include "autograd/math/quantile.h"
#include "autograd/math/statistics.h"
#include "gradcheck_helpers.h"

using namespace tp;
using namespace tp::testing;

#define GC_CASE(title) TEST_CASE("gradcheck: " title, "[gradcheck][statistics]")
#define SETUP Context c; ContextGuard g(c)

GC_CASE("nansum / nanmean") {
  SETUP;
  gradcheck([](auto& x) { return nansum(x[0], {}, false, std::nullopt); }, {dseq({2, 3})});
  gradcheck([](auto& x) { return nansum(x[0], {1}, true, std::nullopt); }, {dseq({2, 3})});
  gradcheck([](auto& x) { return nanmean(x[0], {0}, false, std::nullopt); }, {dseq({2, 3})});
  CHECK(grad_fn(nansum(dseq({2}), {}, false, std::nullopt))->name() == "NansumBackward0");
}

GC_CASE("dist") {
  SETUP;
  for (double p : {1.0, 2.0, 3.0, double(INFINITY)})
    gradcheck([p](auto& x) { return dist(x[0], x[1], p); }, {dseq({2, 3}), dseq({3}, -0.5, 0.7)});
  CHECK(grad_fn(dist(dseq({2}), dseq({2}, 1.0, 0.5), 2.0))->name() == "DistBackward0");
}

GC_CASE("trapezoid / cumulative_trapezoid") {
  SETUP;
  gradcheck([](auto& x) { return trapezoid(x[0], x[1], -1); }, {dseq({2, 4}), dseq({4}, 0.1, 0.5)});
  gradcheck([](auto& x) { return trapezoid(x[0], Scalar::from_double(0.5), 0); }, {dseq({3, 2})});
  gradcheck([](auto& x) { return cumulative_trapezoid(x[0], x[1], 1); }, {dseq({2, 4}), dseq({2, 4}, 0.1, 0.5)});
  gradcheck([](auto& x) { return cumulative_trapezoid(x[0], Scalar::from_int(2), -1); }, {dseq({5})});
}

GC_CASE("quantile / nanquantile") {
  SETUP;
  Tensor q = make({0.3}, {}, false, DType::Float64);
  Tensor qs = make({0.25, 0.7}, {2}, false, DType::Float64);
  for (const char* m : {"linear", "lower", "higher", "midpoint", "nearest"})
    gradcheck([&](auto& x) { return quantile(x[0], q, 1, false, m, false); }, {dseq({2, 4}, 0.9, -0.37)});
  gradcheck([&](auto& x) { return quantile(x[0], qs, std::nullopt, false, "linear", false); }, {dseq({5}, 0.9, -0.37)});
  gradcheck([&](auto& x) { return quantile(x[0], qs, 0, true, "linear", true); }, {dseq({3, 2}, 0.9, -0.37)});
  CHECK(grad_fn(quantile(dseq({3}), q, std::nullopt, false, "linear", false))->name() == "SqueezeBackward4");
}

GC_CASE("cov / corrcoef") {
  SETUP;
  gradcheck([](auto& x) { return cov(x[0], 1, Tensor(), Tensor()); }, {dseq({2, 4})});
  Tensor fw = make({1, 2, 1, 3}, {4}, false, DType::Int64);
  Tensor aw = make({0.5, 1.0, 2.0, 1.5}, {4}, false, DType::Float64);
  gradcheck([&](auto& x) { return cov(x[0], 1, fw, aw); }, {dseq({3, 4}, 0.2, 0.45)});
  gradcheck([](auto& x) { return corrcoef(x[0]); }, {dseq({3, 4}, 0.2, 0.45)});
}
