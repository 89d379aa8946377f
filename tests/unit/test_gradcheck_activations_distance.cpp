// Gradient checks for the activations of autograd/nn/activations_selu_glu_prelu.cpp and the distances of
// autograd/nn/distance.cpp, against central finite differences in float64.
#include <catch2/catch.hpp>

#include "autograd/nn_functions.h"
#include "gradcheck_helpers.h"

using namespace tp;
using namespace tp::testing;

#define GC_CASE(title) TEST_CASE("gradcheck nn more: " title, "[gradcheck][nn]")
#define SETUP Context c; ContextGuard g(c)

namespace {
// -2.3, -1.51, -0.72, 0.4, 1.19, 1.98, 2.6, ...: away from the kinks at 0, +-1, +-2 (by 0.02) and +-3.
Tensor spread(const Shape& s) { return dseq(s, -2.3, 0.9); }
Tensor positive(const Shape& s, bool rg = true) {
  Tensor t = dseq(s, 0.15, 0.13);
  if (!rg) tp::requires_grad_(t, false);
  return t;
}
}  // namespace

GC_CASE("selu/celu/hardtanh/threshold/logsigmoid/mish/hardswish/hardsigmoid") {
  SETUP;
  gradcheck([](auto& x) { return selu(x[0]); }, {spread({2, 3})});
  gradcheck([](auto& x) { return celu(x[0], 1.0); }, {spread({2, 3})});
  gradcheck([](auto& x) { return celu(x[0], 0.7); }, {spread({6})});
  gradcheck([](auto& x) { return hardtanh(x[0], -1.0, 1.0); }, {spread({2, 3})});
  gradcheck([](auto& x) { return hardtanh(x[0], -2.0, 2.0); }, {spread({7})});
  gradcheck([](auto& x) { return hardtanh(x[0], 0.0, 6.0); }, {spread({7})});  // relu6
  gradcheck([](auto& x) { return threshold(x[0], 0.5, -3.0); }, {spread({2, 3})});
  gradcheck([](auto& x) { return log_sigmoid(x[0]); }, {spread({2, 3})});
  gradcheck([](auto& x) { return mish(x[0]); }, {spread({2, 3})});
  gradcheck([](auto& x) { return hardswish(x[0]); }, {dseq({9}, -4.3, 0.9)});
  gradcheck([](auto& x) { return hardsigmoid(x[0]); }, {dseq({9}, -4.3, 0.9)});
}

GC_CASE("glu over each dim, softmin, prelu with one or per-channel weights") {
  SETUP;
  gradcheck([](auto& x) { return glu(x[0], -1); }, {spread({2, 4})});
  gradcheck([](auto& x) { return glu(x[0], 0); }, {spread({2, 3})});
  gradcheck([](auto& x) { return softmax(neg(x[0]), 1); }, {spread({2, 3})});
  gradcheck([](auto& x) { return prelu(x[0], x[1]); }, {spread({2, 3, 2}), positive({3})});
  gradcheck([](auto& x) { return prelu(x[0], x[1]); }, {spread({2, 3}), positive({1})});
  gradcheck([](auto& x) { return prelu(x[0], x[1]); }, {spread({5}), positive({1})});
}

GC_CASE("normalize, cosine_similarity (broadcast), pairwise_distance") {
  SETUP;
  gradcheck([](auto& x) { return normalize(x[0], 2.0, 1, 1e-12); }, {spread({2, 3})});
  gradcheck([](auto& x) { return normalize(x[0], 1.0, 0, 1e-12); }, {spread({2, 3})});
  gradcheck([](auto& x) { return cosine_similarity(x[0], x[1], 1, 1e-8); }, {spread({2, 3}), positive({2, 3})});
  gradcheck([](auto& x) { return cosine_similarity(x[0], x[1], 0, 1e-8); }, {spread({2, 3}), positive({1, 3})});
  gradcheck([](auto& x) { return pairwise_distance(x[0], x[1], 2.0, 1e-6, false); }, {spread({2, 3}), positive({2, 3})});
  gradcheck([](auto& x) { return pairwise_distance(x[0], x[1], 1.0, 1e-6, true); }, {spread({2, 3}), positive({3})});
  gradcheck([](auto& x) { return pairwise_distance(x[0], x[1], 3.0, 1e-6, false); }, {spread({2, 3}), positive({2, 3})});
}

GC_CASE("cdist: direct kernel for several p, batched, and the matmul form") {
  SETUP;
  for (double p : {1.0, 2.0, 3.0, 0.5, double(INFINITY)})
    gradcheck([p](auto& x) { return cdist(x[0], x[1], p, std::nullopt); }, {spread({3, 2}), positive({2, 2})});
  gradcheck([](auto& x) { return cdist(x[0], x[1], 2.0, std::nullopt); }, {spread({2, 3, 2}), positive({2, 2})});
  gradcheck([](auto& x) { return cdist(x[0], x[1], 2.0, 1); }, {spread({3, 2}), positive({2, 2})});
  gradcheck([](auto& x) { return cdist(x[0], x[1], 2.0, 1); }, {spread({2, 3, 2}), positive({2, 2, 2})});
}

GC_CASE("kl_div: each reduction, log_target, input and target") {
  SETUP;
  for (const char* r : {"none", "sum", "mean", "batchmean"}) {
    std::string red = r;
    gradcheck([red](auto& x) { return kl_div(x[0], x[1], red, false); }, {spread({2, 3}), positive({2, 3})});
    gradcheck([red](auto& x) { return kl_div(x[0], x[1], red, true); }, {spread({2, 3}), spread({2, 3})});
  }
}

GC_CASE("adaptive_avg_pool2d (overlapping windows, the (1, 1) mean) and adaptive_max_pool2d") {
  SETUP;
  gradcheck([](auto& x) { return adaptive_avg_pool2d(x[0], 3, 4); }, {spread({1, 2, 5, 7})});
  gradcheck([](auto& x) { return adaptive_avg_pool2d(x[0], 2, 2); }, {spread({2, 3, 3})});
  gradcheck([](auto& x) { return adaptive_avg_pool2d(x[0], 1, 1); }, {spread({2, 3, 3})});
  gradcheck([](auto& x) { return adaptive_max_pool2d(x[0], 2, 3).first; }, {spread({1, 2, 4, 5})});
}
