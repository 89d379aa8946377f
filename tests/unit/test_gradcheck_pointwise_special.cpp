// Gradient checks for tan, the inverse trig / hyperbolic functions, erfc, erfinv, exp2, lgamma,
// digamma, deg2rad / rad2deg (and in-place forms) and logit with and without eps.
#include <catch2/catch.hpp>

#include "autograd/math/special_ops.h"
#include "gradcheck_helpers.h"

using namespace tp;
using namespace tp::testing;

#define GC_CASE(title) TEST_CASE("gradcheck: " title, "[gradcheck][special]")
#define SETUP Context c; ContextGuard g(c)

GC_CASE("unary: tan, asin/acos/atan, asinh/atanh, erfc, erfinv, exp2, lgamma, digamma, deg2rad/rad2deg") {
  SETUP;
  for (UnaryOp op : {UnaryOp::Tan, UnaryOp::Asin, UnaryOp::Acos, UnaryOp::Atan, UnaryOp::Asinh, UnaryOp::Atanh,
                     UnaryOp::Erfc, UnaryOp::Erfinv, UnaryOp::Exp2, UnaryOp::Lgamma, UnaryOp::Digamma,
                     UnaryOp::Deg2rad, UnaryOp::Rad2deg}) {
    gradcheck([op](auto& x) { return unary(x[0], op); }, {dseq({4}, -0.7, 0.41)});
    gradcheck([op](auto& x) { Tensor y = mul(x[0], num(1)); return unary_(y, op); }, {dseq({3}, -0.5, 0.3)});
  }
  gradcheck([](auto& x) { return unary(x[0], UnaryOp::Acosh); }, {dseq({3}, 1.2, 0.5)});
  gradcheck([](auto& x) { return unary(x[0], UnaryOp::Lgamma); }, {dseq({3}, 2.5, 1.7)});
  gradcheck([](auto& x) { return unary(x[0], UnaryOp::Digamma); }, {dseq({3}, 0.3, 4.1)});
  CHECK(grad_fn(unary(dseq({2}), UnaryOp::Deg2rad))->name() == "Deg2RadBackward0");
}

GC_CASE("logit") {
  SETUP;
  gradcheck([](auto& x) { return logit(x[0], std::nullopt); }, {dseq({4}, 0.1, 0.2)});
  gradcheck([](auto& x) { return logit(x[0], 0.05); }, {dseq({4}, 0.1, 0.2)});
  gradcheck([](auto& x) { Tensor y = mul(x[0], num(1)); return logit_(y, 0.2); }, {dseq({3}, 0.3, 0.1)});
  CHECK(grad_fn(logit(dseq({2}, 0.2, 0.1), std::nullopt))->name() == "LogitBackward0");
}
