// Gradient checks for cummax / cummin (ties, dims), logcumsumexp (mixed-sign incoming gradients) and mode.
#include <catch2/catch.hpp>

#include "autograd/math/cummax_logcumsumexp.h"
#include "gradcheck_helpers.h"

using namespace tp;
using namespace tp::testing;

#define GC_CASE(title) TEST_CASE("gradcheck: " title, "[gradcheck][scan]")
#define SETUP Context c; ContextGuard g(c)

GC_CASE("cummax / cummin along each dim") {
  SETUP;
  gradcheck([](auto& x) { return cummax(x[0], 1).first; }, {dseq({2, 4}, 0.9, -0.37)});
  gradcheck([](auto& x) { return cummin(x[0], 0).first; }, {dseq({3, 2}, 0.9, -0.37)});
  gradcheck([](auto& x) { return cummax(x[0], -1).first; }, {dseq({5}, -1.0, 0.41)});
  CHECK(grad_fn(cummax(dseq({3}), 0).first)->name() == "CummaxBackward0");
  CHECK(grad_fn(cummin(dseq({3}), 0).first)->name() == "CumminBackward0");
}

GC_CASE("logcumsumexp") {
  SETUP;
  gradcheck([](auto& x) { return logcumsumexp(x[0], 0); }, {dseq({4}, -1.0, 0.6)});
  gradcheck([](auto& x) { return logcumsumexp(x[0], 1); }, {dseq({2, 3}, 0.5, -0.45)});
  CHECK(grad_fn(logcumsumexp(dseq({3}), 0))->name() == "LogcumsumexpBackward0");
}

GC_CASE("mode: value-selecting backward, keepdim") {
  SETUP;
  Tensor x = make({0.5, 1.5, 0.5, 2.0, 2.0, -1.0}, {2, 3}, true, DType::Float64);
  auto r = mode(x, 1, true);
  CHECK(grad_fn(r.first)->name() == "ModeBackward0");
  backward(sum(r.first, {}, false, std::nullopt), Tensor(), std::nullopt, false);
  CHECK(values_of(get_grad(x)) == std::vector<double>{0, 0, 1, 0, 1, 0});
  gradcheck([](auto& x) { return mode(x[0], 0, false).first; }, {dseq({3, 2})});
}
