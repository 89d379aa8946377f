// Gradient checks for unflatten, sum_to_size (leading and size-1 dims) and masked_scatter(_)
// (broadcast mask, source longer than the number of set mask elements).
#include <catch2/catch.hpp>

#include "autograd/shape/tensor_extras.h"
#include "gradcheck_helpers.h"

using namespace tp;
using namespace tp::testing;

#define GC_CASE(title) TEST_CASE("gradcheck: " title, "[gradcheck][extras]")
#define SETUP Context c; ContextGuard g(c)

GC_CASE("unflatten / sum_to_size") {
  SETUP;
  gradcheck([](auto& x) { return unflatten(x[0], 1, {2, -1}); }, {dseq({2, 6})});
  gradcheck([](auto& x) { return sum_to_size(x[0], {3}); }, {dseq({2, 3})});
  gradcheck([](auto& x) { return sum_to_size(x[0], {2, 1}); }, {dseq({2, 3})});
}

GC_CASE("masked_scatter / masked_scatter_") {
  SETUP;
  Tensor mask = make({1, 0, 1, 0, 1, 1}, {2, 3}, false, DType::Bool);
  gradcheck([&](auto& x) { return masked_scatter(x[0], mask, x[1]); }, {dseq({2, 3}), dseq({7}, -0.5, 0.2)});
  Tensor row = make({0, 1, 1}, {3}, false, DType::Bool);
  gradcheck([&](auto& x) { return masked_scatter(x[0], row, x[1]); }, {dseq({2, 3}), dseq({2, 2}, -0.5, 0.2)});
  gradcheck([&](auto& x) { Tensor y = mul(x[0], num(1)); return masked_scatter_(y, mask, x[1]); },
            {dseq({2, 3}), dseq({4}, -0.5, 0.2)});
  CHECK(grad_fn(masked_scatter(dseq({3}), row, dseq({2})))->name() == "MaskedScatterBackward0");
}
