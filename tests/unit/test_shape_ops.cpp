// ops/shape/inplace_views.cpp and ops/shape/triangular.cpp, plus movedim's order: geometry, versions, copies.
#include <catch2/catch.hpp>

#include "core/context.h"
#include "core/error.h"
#include "ops/native.h"

using namespace tp;
namespace nt = tp::native;

namespace {
std::vector<double> values(const Tensor& t) {
  std::vector<double> v;
  for (int64_t i = 0; i < t.numel(); ++i) v.push_back(t.double_at(t.storage_index_of(i)));
  return v;
}
std::string error_of(const std::function<void()>& f) {
  try { f(); } catch (const TorchError& e) { return e.py_type() + ": " + e.what(); }
  return "no error";
}
Tensor iota(const Shape& sizes) {
  Tensor t = nt::arange(Scalar::from_int(0), Scalar::from_int(shape_numel(sizes)), Scalar::from_int(1),
                        DType::Float32, Device{});
  return nt::view(t, sizes);
}
}  // namespace

TEST_CASE("in-place views restride the tensor itself and bump its version once", "[ops][shape]") {
  Context c; ContextGuard g(c);
  Tensor x = iota({2, 3});
  auto storage = x.storage();
  uint64_t writes = storage->write_count();
  nt::t_(x);
  CHECK(x.sizes() == Shape{3, 2});
  CHECK(x.strides() == Shape{1, 3});
  CHECK(x.version() == 1);
  nt::unsqueeze_(x, 1);
  CHECK(x.sizes() == Shape{3, 1, 2});
  CHECK(x.strides() == Shape{1, 6, 3});  // inferUnsqueezeGeometry: sizes[1] * strides[1]
  nt::squeeze_(x, std::vector<int64_t>{0, 1});
  CHECK(x.sizes() == Shape{3, 2});
  nt::transpose_(x, 0, 0);  // nothing moves, the version still counts the call
  CHECK(x.version() == 4);
  CHECK(x.storage() == storage);
  CHECK(storage->write_count() == writes);  // metadata only: no element written
  CHECK(values(x) == std::vector<double>{0, 3, 1, 4, 2, 5});
  Tensor y = iota({2, 3, 4});
  CHECK(error_of([&] { nt::t_(y); }) == "RuntimeError: t_() expects a tensor with <= 2 dimensions, but self is 3D");
  CHECK(y.version() == 0);
}

TEST_CASE("movedim order and messages", "[ops][shape]") {
  Context c; ContextGuard g(c);
  Tensor x = iota({2, 3, 4, 5, 6});
  CHECK(nt::movedim_order(x, {0, 1}, {2, 4}) == Shape{2, 3, 0, 4, 1});  // TensorShape.cpp's walkthrough
  CHECK(nt::movedim_order(x, {-1}, {0}) == Shape{4, 0, 1, 2, 3});
  CHECK(nt::movedim_order(iota({}), {0}, {-1}).empty());
  CHECK(error_of([&] { nt::movedim_order(x, {3, -3}, {1, 0, -1}); }) ==
        "RuntimeError: movedim: Invalid source or destination dims: source ([3, -3] dims) should contain the same "
        "number of dims as destination ([1, 0, -1] dims)");
  CHECK(error_of([&] { nt::movedim_order(x, {0, 4, -5}, {1, 0, 2}); }) ==
        "RuntimeError: movedim: repeated dim in `source` ([0, 4, -5])");
  CHECK(error_of([&] { nt::movedim_order(x, {1, 0, 2}, {0, 4, -5}); }) ==
        "RuntimeError: movedim: repeated dim in `destination` ([0, 4, -5])");
}

TEST_CASE("tril/triu/diag_embed/diagonal_copy make fresh contiguous copies", "[ops][shape]") {
  Context c; ContextGuard g(c);
  Tensor m = iota({3, 3});
  Tensor lo = nt::tril(nt::t(m), 0);
  CHECK(lo.is_contiguous());
  CHECK(values(lo) == std::vector<double>{0, 0, 0, 1, 4, 0, 2, 5, 8});
  CHECK(values(nt::triu(m, 1)) == std::vector<double>{0, 1, 2, 0, 0, 5, 0, 0, 0});
  CHECK(values(nt::triu(m, -5)) == values(m));
  CHECK(error_of([&] { nt::triu(iota({3}), 0); }) == "RuntimeError: triu: input tensor must have at least 2 dimensions");
  Tensor e = nt::diag_embed(iota({2}), -1);
  CHECK(e.sizes() == Shape{3, 3});
  CHECK(values(e) == std::vector<double>{0, 0, 0, 0, 0, 0, 0, 1, 0});
  Tensor d = nt::diagonal_copy(m, 1, 0, 1);
  CHECK(d.storage() != m.storage());
  CHECK(d.version() == 0);
  CHECK(values(d) == std::vector<double>{1, 5});
}
