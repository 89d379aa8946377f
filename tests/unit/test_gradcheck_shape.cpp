// Gradient checks for the in-place views (t_, transpose_, squeeze_, unsqueeze_), movedim, tile,
// diag, tril/triu (and tril_/triu_) and outer, plus the node names they record.
#include <catch2/catch.hpp>

#include "gradcheck_helpers.h"

using namespace tp;
using namespace tp::testing;

#define GC_CASE(title) TEST_CASE("gradcheck: " title, "[gradcheck][shape]")
#define SETUP Context c; ContextGuard g(c)

namespace {

// A non-leaf copy of x (in-place ops refuse leaves that require grad).
Tensor nonleaf(const Tensor& x) { return mul(x, num(1)); }

}  // namespace

GC_CASE("in-place views: t_/transpose_/squeeze_/unsqueeze_") {
  SETUP;
  gradcheck([](auto& x) { Tensor y = nonleaf(x[0]); return t_(y); }, {dseq({2, 3})});
  gradcheck([](auto& x) { Tensor y = nonleaf(x[0]); return transpose_(y, 0, 2); }, {dseq({2, 3, 4})});
  gradcheck([](auto& x) { Tensor y = nonleaf(x[0]); return squeeze_(y); }, {dseq({2, 1, 3})});
  gradcheck([](auto& x) { Tensor y = nonleaf(x[0]); return squeeze_(y, int64_t(1)); }, {dseq({2, 1, 3})});
  gradcheck([](auto& x) { Tensor y = nonleaf(x[0]); return squeeze_(y, std::vector<int64_t>{1, 3}); },
            {dseq({2, 1, 3, 1})});
  gradcheck([](auto& x) { Tensor y = nonleaf(x[0]); return unsqueeze_(y, -1); }, {dseq({2, 3})});
  // a view's in-place view: its own history changes, the base's does not
  gradcheck([](auto& x) { Tensor v = slice(nonleaf(x[0]), 1, 1, std::nullopt, 1); return mul(t_(v), v); },
            {dseq({2, 3})});
}

GC_CASE("movedim/tile/outer") {
  SETUP;
  gradcheck([](auto& x) { return movedim(x[0], {0, 1}, {2, 0}); }, {dseq({2, 3, 4})});
  gradcheck([](auto& x) { return movedim(x[0], {0}, {-1}); }, {dseq({})});
  gradcheck([](auto& x) { return tile(x[0], {2, 1, 2}); }, {dseq({2, 3})});
  gradcheck([](auto& x) { return tile(x[0], {3}); }, {dseq({2, 2})});
  gradcheck([](auto& x) { return outer(x[0], x[1]); }, {dseq({3}), dseq({2}, -1.2)});
}

GC_CASE("diag/tril/triu") {
  SETUP;
  for (int64_t k : {0, 1, -2}) {
    gradcheck([k](auto& x) { return diag(x[0], k); }, {dseq({3})});
    gradcheck([k](auto& x) { return diag(x[0], k); }, {dseq({3, 3})});
    gradcheck([k](auto& x) { return diag(x[0], k); }, {dseq({3, 4})});
    gradcheck([k](auto& x) { return tril(x[0], k); }, {dseq({3, 4})});
    gradcheck([k](auto& x) { return triu(x[0], k); }, {dseq({2, 3, 3})});
    gradcheck([k](auto& x) { Tensor y = nonleaf(x[0]); return tril_(y, k); }, {dseq({3, 3})});
    gradcheck([k](auto& x) { Tensor y = nonleaf(x[0]); return triu_(y, k); }, {dseq({4, 3})});
  }
}

TEST_CASE("shape ops record PyTorch's node names", "[autograd][shape]") {
  SETUP;
  Tensor x = dseq({2, 3});
  Tensor y = nonleaf(x);
  CHECK(fn_name(t_(y)) == "TBackward1");
  CHECK(fn_name(transpose_(y, 0, 1)) == "TransposeBackward1");
  CHECK(fn_name(unsqueeze_(y, 0)) == "UnsqueezeBackward1");
  CHECK(fn_name(squeeze_(y, int64_t(0))) == "SqueezeBackward4");
  CHECK(fn_name(squeeze_(y)) == "SqueezeBackward3");
  CHECK(fn_name(squeeze_(y, std::vector<int64_t>{0})) == "SqueezeBackward5");
  CHECK(y.version() == 6);
  CHECK(fn_name(movedim(x, {0}, {1})) == "PermuteBackward0");
  CHECK(fn_name(tile(x, {2})) == "RepeatBackward0");
  CHECK(fn_name(diag(select(x, 0, 0), 0)) == "DiagEmbedBackward0");
  CHECK(fn_name(diag(x, 0)) == "DiagonalBackward0_copy");
  CHECK(fn_name(tril(x, 0)) == "TrilBackward0");
  CHECK(fn_name(triu_(nonleaf(x), 0)) == "TriuBackward0");
  CHECK(fn_name(outer(select(x, 0, 0), select(x, 1, 0))) == "MulBackward0");
  CHECK(error_of([&] { t_(x); }) == "a leaf Variable that requires grad is being used in an in-place operation.");
  CHECK(x.version() == 0);
}
