// Gradient checks for log2/log10/sinh/cosh/erf/frac/trunc/sgn, atan2, hypot, fmax/fmin,
// nan_to_num and addcmul/addcdiv (with broadcasting and their in-place forms), plus node names.
#include <catch2/catch.hpp>

#include "autograd/math/binary_math.h"
#include "autograd/shape/split_repeat.h"
#include "gradcheck_helpers.h"

using namespace tp;
using namespace tp::testing;

#define GC_CASE(title) TEST_CASE("gradcheck: " title, "[gradcheck][pointwise]")
#define SETUP Context c; ContextGuard g(c)

namespace {

Tensor nonleaf(const Tensor& x) { return mul(x, num(1)); }

}  // namespace

GC_CASE("unary: log2/log10/sinh/cosh/erf/frac/trunc/sgn and in-place forms") {
  SETUP;
  for (UnaryOp op : {UnaryOp::Log2, UnaryOp::Log10, UnaryOp::Sinh, UnaryOp::Cosh, UnaryOp::Erf, UnaryOp::Frac,
                     UnaryOp::Trunc, UnaryOp::Sgn}) {
    gradcheck([op](auto& x) { return unary(x[0], op); }, {dseq({2, 3})});
    gradcheck([op](auto& x) { Tensor y = nonleaf(x[0]); return unary_(y, op); }, {dseq({4})});
  }
  gradcheck([](auto& x) { return unary(x[0], UnaryOp::Erf); }, {dseq({5}, -1.1, 0.45)});
}

GC_CASE("atan2/hypot broadcast, in place") {
  SETUP;
  gradcheck([](auto& x) { return tp::atan2(x[0], x[1]); }, {dseq({2, 3}, -0.8), dseq({3}, 1.1, -0.9)});
  gradcheck([](auto& x) { return tp::hypot(x[0], x[1]); }, {dseq({2, 1}, -0.8), dseq({3}, 1.1, -0.9)});
  gradcheck([](auto& x) { Tensor y = nonleaf(x[0]); return tp::atan2_(y, x[1]); }, {dseq({3}), dseq({3}, -0.5)});
  gradcheck([](auto& x) { Tensor y = nonleaf(x[0]); return tp::hypot_(y, x[1]); }, {dseq({3}), dseq({3}, -0.5)});
}

GC_CASE("fmax/fmin/nan_to_num") {
  SETUP;
  gradcheck([](auto& x) { return tp::fmax(x[0], x[1]); }, {dseq({2, 3}), dseq({3}, 1.2, -0.2)});
  gradcheck([](auto& x) { return tp::fmin(x[0], x[1]); }, {dseq({2, 3}), dseq({3}, 1.2, -0.2)});
  gradcheck([](auto& x) { return tp::nan_to_num(x[0], std::nullopt, std::nullopt, std::nullopt); }, {dseq({4})});
}

GC_CASE("addcmul/addcdiv broadcast, value, in place") {
  SETUP;
  for (double v : {1.0, -0.5}) {
    Scalar s = Scalar::from_double(v);
    gradcheck([s](auto& x) { return tp::addcmul(x[0], x[1], x[2], s); }, {dseq({3}), dseq({2, 1}, -0.4), dseq({3}, 0.9)});
    gradcheck([s](auto& x) { return tp::addcdiv(x[0], x[1], x[2], s); }, {dseq({3}), dseq({2, 1}, -0.4), dseq({3}, 0.9)});
    gradcheck([s](auto& x) { Tensor y = nonleaf(x[0]); return tp::addcmul_(y, x[1], x[2], s); },
              {dseq({2, 3}), dseq({3}, -0.4), dseq({2, 3}, 0.9)});
    gradcheck([s](auto& x) { Tensor y = nonleaf(x[0]); return tp::addcdiv_(y, x[1], x[2], s); },
              {dseq({2, 3}), dseq({3}, -0.4), dseq({2, 3}, 0.9)});
  }
}

TEST_CASE("binary math: node names", "[autograd][pointwise]") {
  SETUP;
  Tensor a = dseq({3}), b = dseq({3}, 1.0);
  CHECK(tp::atan2(a, b).grad_fn()->name() == "Atan2Backward0");
  CHECK(tp::hypot(a, b).grad_fn()->name() == "HypotBackward0");
  CHECK(tp::fmax(a, b).grad_fn()->name() == "FmaxBackward0");
  CHECK(tp::fmin(a, b).grad_fn()->name() == "FminBackward0");
  CHECK(tp::nan_to_num(a, 0.0, std::nullopt, std::nullopt).grad_fn()->name() == "NanToNumBackward0");
  CHECK(tp::addcmul(a, a, b, Scalar::from_int(2)).grad_fn()->name() == "AddcmulBackward0");
  CHECK(tp::addcdiv(a, a, b, Scalar::from_int(2)).grad_fn()->name() == "AddcdivBackward0");
  CHECK(tp::unary(a, UnaryOp::Sgn).grad_fn()->name() == "SgnBackward0");
  CHECK(!tp::logical(a, b, LogicalOp::And).requires_grad());
}

GC_CASE("rot90: every k, both orders of dims") {
  SETUP;
  for (int64_t k : {-1, 0, 1, 2, 3, 5}) {
    gradcheck([k](auto& x) { return rot90(x[0], k, {0, 1}); }, {dseq({2, 3})});
    gradcheck([k](auto& x) { return rot90(x[0], k, {2, -3}); }, {dseq({2, 3, 4})});
  }
}

GC_CASE("addmm_ on a non-leaf") {
  SETUP;
  gradcheck([](auto& x) { Tensor y = nonleaf(x[0]); return addmm_(y, x[1], x[2]); },
            {dseq({2, 3}), dseq({2, 4}, -0.7), dseq({4, 3}, 0.2, -0.15)});
}

GC_CASE("var_mean/std_mean: both outputs, either alone") {
  SETUP;
  for (bool is_std : {false, true})
    for (bool keepdim : {false, true}) {
      gradcheck([is_std, keepdim](auto& x) {
        auto r = var_mean(x[0], {1}, 1.0, keepdim, is_std);
        return add(r.first, mul(r.second, num(3)));
      }, {dseq({2, 3})});
      gradcheck([is_std](auto& x) { return var_mean(x[0], {}, 0.0, false, is_std).first; }, {dseq({2, 3})});
      gradcheck([is_std](auto& x) { return var_mean(x[0], {0}, 1.0, false, is_std).second; }, {dseq({2, 3})});
    }
}

GC_CASE("linalg_cross: dim 0 and -1, broadcast batch") {
  SETUP;
  gradcheck([](auto& x) { return linalg_cross(x[0], x[1], -1); }, {dseq({2, 3}), dseq({2, 3}, -0.6, 0.21)});
  gradcheck([](auto& x) { return linalg_cross(x[0], x[1], 0); }, {dseq({3, 2}), dseq({3, 1}, -0.6, 0.21)});
}

GC_CASE("addmm/addmv/baddbmm/addbmm with beta and alpha") {
  SETUP;
  const Scalar half = Scalar::from_double(0.5), neg = Scalar::from_double(-1.5), zero = Scalar::from_int(0);
  gradcheck([&](auto& x) { return addmm(x[0], x[1], x[2], half, neg); }, {dseq({2, 4}), dseq({2, 3}), dseq({3, 4}, -0.5)});
  gradcheck([&](auto& x) { return addmm(x[0], x[1], x[2], zero, Scalar::from_int(3)); }, {dseq({4}), dseq({2, 3}), dseq({3, 4}, -0.5)});
  gradcheck([&](auto& x) { return addmv(x[0], x[1], x[2], neg, half); }, {dseq({2}), dseq({2, 3}), dseq({3}, -0.5)});
  gradcheck([&](auto& x) { return baddbmm(x[0], x[1], x[2], half, neg); },
            {dseq({2, 1, 2}), dseq({2, 2, 3}), dseq({2, 3, 2}, -0.5)});
  gradcheck([&](auto& x) { return addbmm(x[0], x[1], x[2], neg, half); },
            {dseq({1, 2}), dseq({3, 2, 3}), dseq({3, 3, 2}, -0.5)});
  gradcheck([&](auto& x) { Tensor y = nonleaf(x[0]); return addmm_(y, x[1], x[2], neg, half); },
            {dseq({2, 3}), dseq({2, 4}, -0.7), dseq({4, 3}, 0.2, -0.15)});
}

GC_CASE("tensor_split and repeat_interleave") {
  SETUP;
  gradcheck([](auto& x) { return tensor_split(x[0], 3, 1)[0]; }, {dseq({2, 5})});
  gradcheck([](auto& x) { return tensor_split_indices(x[0], {1, -1}, 0)[1]; }, {dseq({4, 2})});
  gradcheck([](auto& x) { return repeat_interleave(x[0], 3, std::nullopt, std::nullopt); }, {dseq({2, 2})});
  gradcheck([](auto& x) { return repeat_interleave(x[0], 2, int64_t(-1), std::nullopt); }, {dseq({2, 3})});
  Tensor reps = native::from_scalars({Scalar::from_int(2), Scalar::from_int(0), Scalar::from_int(3)}, {3}, DType::Int64, Device{});
  gradcheck([reps](auto& x) { return repeat_interleave(x[0], reps, int64_t(0), std::nullopt); }, {dseq({3, 2})});
}

GC_CASE("aminmax (both outputs, with and without dim)") {
  SETUP;
  gradcheck([](auto& x) { auto r = aminmax(x[0], std::nullopt, false); return add(r.first, mul(r.second, r.second)); },
            {dseq({2, 3})});
  gradcheck([](auto& x) { auto r = aminmax(x[0], int64_t(1), true); return sub(r.second, mul(r.first, r.first)); },
            {dseq({3, 4}, 0.3, 0.7)});
}
