// Gradient checks for diag_embed (offsets, dims), diagflat and block_diag (0-D, 1-D, 2-D blocks).
#include <catch2/catch.hpp>

#include "autograd/shape/matrix_builders.h"
#include "gradcheck_helpers.h"

using namespace tp;
using namespace tp::testing;

#define GC_CASE(title) TEST_CASE("gradcheck: " title, "[gradcheck][matrix]")
#define SETUP Context c; ContextGuard g(c)

GC_CASE("diag_embed / diagflat") {
  SETUP;
  gradcheck([](auto& x) { return diag_embed(x[0], 0, -2, -1); }, {dseq({3})});
  gradcheck([](auto& x) { return diag_embed(x[0], -1, 0, 2); }, {dseq({2, 3})});
  gradcheck([](auto& x) { return diagflat(x[0], 1); }, {dseq({2, 2})});
  CHECK(grad_fn(diagflat(dseq({2}), 0))->name() == "DiagEmbedBackward0");
}

GC_CASE("block_diag") {
  SETUP;
  gradcheck([](auto& x) { return block_diag({x[0], x[1], x[2]}); }, {dseq({2, 3}), dseq({2}, -0.5, 0.2), dseq({})});
  CHECK(grad_fn(block_diag({dseq({1, 1})}))->name() == "BlockDiagBackward0");
}
