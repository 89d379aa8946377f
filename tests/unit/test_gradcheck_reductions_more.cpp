// Gradient checks for nansum / nanmean (NaN-free inputs; NaN positions get zero gradient),
// dist (p = 1, 2, 3, inf; broadcast other) and the trapezoid rules (x samples or constant dx).
#include <catch2/catch.hpp>

#include "autograd/reductions_more.h"
#include "gradcheck_helpers.h"

using namespace tp;
using namespace tp::testing;

#define GC_CASE(title) TEST_CASE("gradcheck: " title, "[gradcheck][reductions_more]")
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
