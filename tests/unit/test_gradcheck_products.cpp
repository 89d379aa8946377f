// Gradient checks for einsum (pairwise bmm contraction, diagonals, sums, ellipsis, three operands),
// tensordot, inner, kron, vdot, linalg.multi_dot and addr / addr_, plus the grad_fn names PyTorch gives.
#include <catch2/catch.hpp>

#include "autograd/math/products.h"
#include "gradcheck_helpers.h"

using namespace tp;
using namespace tp::testing;

#define GC_CASE(title) TEST_CASE("gradcheck: " title, "[gradcheck][linalg]")
#define SETUP Context c; ContextGuard g(c)

GC_CASE("einsum: matmul, batch, diagonal, sums, outer, ellipsis, three operands") {
  SETUP;
  gradcheck([](auto& x) { return einsum("ij,jk->ik", {x[0], x[1]}); }, {dseq({2, 3}), dseq({3, 4}, -0.5, 0.2)});
  gradcheck([](auto& x) { return einsum("bij,bj->bi", {x[0], x[1]}); }, {dseq({2, 3, 4}), dseq({2, 4}, -0.5, 0.2)});
  gradcheck([](auto& x) { return einsum("ii->i", {x[0]}); }, {dseq({3, 3})});
  gradcheck([](auto& x) { return einsum("ii", {x[0]}); }, {dseq({3, 3})});
  gradcheck([](auto& x) { return einsum("ij->", {x[0]}); }, {dseq({2, 3})});
  gradcheck([](auto& x) { return einsum("i,j", {x[0], x[1]}); }, {dseq({2}), dseq({3}, -0.5, 0.2)});
  gradcheck([](auto& x) { return einsum("...ij,...j->...i", {x[0], x[1]}); }, {dseq({2, 2, 3}), dseq({3}, 0.1, 0.3)});
  gradcheck([](auto& x) { return einsum("bn,anm,bm->ba", {x[0], x[1], x[2]}); },
            {dseq({2, 3}), dseq({4, 3, 2}, -0.5, 0.2), dseq({2, 2}, 0.7, -0.3)});
  gradcheck([](auto& x) { return einsum("iij,jk->ik", {x[0], x[1]}); }, {dseq({2, 2, 3}), dseq({3, 2}, -0.5, 0.2)});
  gradcheck([](auto& x) { return einsum("ij,kj->", {x[0], x[1]}); }, {dseq({2, 3}), dseq({1, 3}, -0.5, 0.2)});
}

GC_CASE("einsum grad_fn names") {
  SETUP;
  Tensor a = dseq({2, 3}), b = dseq({3, 4});
  CHECK(grad_fn(einsum("ij,jk->ik", {a, b}))->name() == "ViewBackward0");
  CHECK(grad_fn(einsum("ij,ij->ij", {a, a}))->name() == "MulBackward0");
  CHECK(grad_fn(einsum("ij->ji", {a}))->name() == "PermuteBackward0");
  CHECK(grad_fn(einsum("ij->", {a}))->name() == "SumBackward1");
}

GC_CASE("tensordot / inner / kron / vdot") {
  SETUP;
  gradcheck([](auto& x) { return tensordot(x[0], x[1], {1, 0}, {0, 1}); }, {dseq({3, 2, 2}), dseq({2, 3, 2}, -0.5, 0.2)});
  gradcheck([](auto& x) { return tensordot(x[0], x[1], {1}, {0}); }, {dseq({2, 3}), dseq({1, 4}, -0.5, 0.2)});
  gradcheck([](auto& x) { return inner(x[0], x[1]); }, {dseq({2, 3}), dseq({4, 3}, -0.5, 0.2)});
  gradcheck([](auto& x) { return kron(x[0], x[1]); }, {dseq({2, 3}), dseq({2}, -0.5, 0.2)});
  gradcheck([](auto& x) { return vdot(x[0], x[1]); }, {dseq({4}), dseq({4}, -0.5, 0.2)});
  CHECK(grad_fn(kron(dseq({2}), dseq({2})))->name() == "UnsafeViewBackward0");
  CHECK(grad_fn(vdot(dseq({2}), dseq({2})))->name() == "VdotBackward0");
}

GC_CASE("multi_dot: 1-D ends, three and four matrices") {
  SETUP;
  gradcheck([](auto& x) { return multi_dot({x[0], x[1], x[2]}); }, {dseq({2}), dseq({2, 3}, -0.5, 0.2), dseq({3})});
  gradcheck([](auto& x) { return multi_dot({x[0], x[1], x[2], x[3]}); },
            {dseq({2, 3}), dseq({3, 4}, -0.5, 0.2), dseq({4, 1}), dseq({1, 2}, 0.4, -0.1)});
}

GC_CASE("addr / addr_ with beta and alpha") {
  SETUP;
  Scalar two = Scalar::from_int(2), half = Scalar::from_double(0.5);
  gradcheck([&](auto& x) { return addr(x[0], x[1], x[2], two, half); }, {dseq({3}), dseq({2}, -0.5, 0.2), dseq({3})});
  gradcheck([&](auto& x) { Tensor s = mul(x[0], num(1)); return addr_(s, x[1], x[2], half, two); },
            {dseq({2, 3}), dseq({2}, -0.5, 0.2), dseq({3})});
  CHECK(grad_fn(addr(dseq({2, 3}), dseq({2}), dseq({3}), two, half))->name() == "AddrBackward0");
}
