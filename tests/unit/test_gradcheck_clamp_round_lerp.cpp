// Gradient checks for clamp_min / clamp_max (number and tensor bounds), round(decimals=) and lerp
// (number and tensor weight, broadcast), their in-place forms, and the node names they record.
#include <catch2/catch.hpp>

#include "autograd/math/clamp_round_lerp.h"
#include "gradcheck_helpers.h"

using namespace tp;
using namespace tp::testing;

#define GC_CASE(title) TEST_CASE("gradcheck: " title, "[gradcheck][pointwise]")
#define SETUP Context c; ContextGuard g(c)

namespace {

// A non-leaf copy of x (in-place ops refuse leaves that require grad).
Tensor nonleaf(const Tensor& x) { return mul(x, num(1)); }
// dseq's values are 0.3, 0.56, 0.82, 1.41, 1.67, 1.93, ...: bounds below stay off the kinks.
Tensor bound(const Shape& sizes, double start) { return dseq(sizes, start, 0.21); }

}  // namespace

GC_CASE("clamp_min / clamp_max with a number") {
  SETUP;
  gradcheck([](auto& x) { return clamp_min(x[0], Scalar::from_double(1.0)); }, {dseq({2, 3})});
  gradcheck([](auto& x) { return clamp_max(x[0], Scalar::from_int(1)); }, {dseq({2, 3})});
  Tensor x = dseq({3});
  CHECK(fn_name(clamp_min(x, Scalar::from_double(0.5))) == "ClampMinBackward0");
  CHECK(fn_name(clamp_max(x, Scalar::from_double(0.5))) == "ClampMaxBackward0");
}

GC_CASE("clamp_min / clamp_max with a tensor bound (both inputs, broadcast)") {
  SETUP;
  gradcheck([](auto& x) { return clamp_min(x[0], x[1]); }, {dseq({2, 3}), bound({3}, 0.45)});
  gradcheck([](auto& x) { return clamp_max(x[0], x[1]); }, {dseq({2, 3}), bound({2, 1}, 1.0)});
  CHECK(fn_name(clamp_min(dseq({2}), dseq({2}, 0.2))) == "ClampMinBackward1");
  CHECK(fn_name(clamp_max(dseq({2}), dseq({2}, 0.2))) == "ClampMaxBackward1");
}

GC_CASE("clamp_min_ / clamp_max_ in place") {
  SETUP;
  gradcheck([](auto& x) { Tensor y = nonleaf(x[0]); return clamp_min_(y, Scalar::from_double(1.0)); }, {dseq({2, 3})});
  gradcheck([](auto& x) { Tensor y = nonleaf(x[0]); return clamp_max_(y, x[1]); }, {dseq({2, 3}), bound({3}, 0.45)});
}

GC_CASE("round(decimals=N): zero gradient, RoundBackward1") {
  SETUP;
  gradcheck([](auto& x) { return round_decimals(x[0], 1); }, {dseq({2, 3})});
  gradcheck([](auto& x) { return round_decimals(x[0], -1); }, {dseq({4})});
  CHECK(fn_name(round_decimals(dseq({2}), 2)) == "RoundBackward1");
  CHECK(fn_name(unary(dseq({2}), UnaryOp::Round)) == "RoundBackward0");
}

GC_CASE("lerp with a number weight (both branches of |weight| < 0.5)") {
  SETUP;
  for (double w : {0.3, 0.7, -1.5}) {
    gradcheck([w](auto& x) { return lerp(x[0], x[1], Scalar::from_double(w)); }, {dseq({2, 3}), dseq({3}, -1.0)});
  }
  CHECK(fn_name(lerp(dseq({2}), dseq({2}, 1), Scalar::from_double(0.5))) == "LerpBackward0");
}

GC_CASE("lerp with a tensor weight (self, end and weight broadcast)") {
  SETUP;
  gradcheck([](auto& x) { return lerp(x[0], x[1], x[2]); }, {dseq({2, 3}), dseq({3}, -1.0), dseq({2, 1}, 0.2, 0.5)});
  gradcheck([](auto& x) { return lerp(x[0], x[1], x[2]); }, {dseq({3}), dseq({2, 3}, 2.0), dseq({}, 0.8)});
  CHECK(fn_name(lerp(dseq({2}), dseq({2}, 1), dseq({2}, 0.1))) == "LerpBackward1");
}

GC_CASE("lerp_ in place") {
  SETUP;
  gradcheck([](auto& x) { Tensor y = nonleaf(x[0]); return lerp_(y, x[1], Scalar::from_double(0.6)); },
            {dseq({2, 3}), dseq({3}, -1.0)});
  gradcheck([](auto& x) { Tensor y = nonleaf(x[0]); return lerp_(y, x[1], x[2]); },
            {dseq({2, 3}), dseq({2, 3}, -1.0), dseq({3}, 0.2, 0.3)});
}
