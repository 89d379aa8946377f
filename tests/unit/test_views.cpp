// ops/shape/views.cpp: stride arithmetic, sharing of storage / version counter, root base and messages.
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
Tensor iota(int64_t n) {
  return nt::arange(Scalar::from_int(0), Scalar::from_int(n), Scalar::from_int(1), DType::Float32, Device{});
}
}  // namespace

TEST_CASE("view shares storage and counter, base is the root", "[ops][views]") {
  Context c; ContextGuard g(c);
  Tensor x = iota(6);
  Tensor v = nt::view(x, {2, 3});
  Tensor w = nt::view(v, {3, -1});
  CHECK(v.storage() == x.storage());
  CHECK(w.sizes() == Shape{3, 2});
  CHECK(w.strides() == Shape{2, 1});
  CHECK(w.impl()->base == x.impl_ptr());  // root, not v
  CHECK(v.impl()->version_counter == x.impl()->version_counter);
  CHECK_FALSE(v.is_same(x));
}

TEST_CASE("view errors follow InferSize.h and computeStride", "[ops][views]") {
  Context c; ContextGuard g(c);
  Tensor x = nt::view(iota(9), {3, 3});
  CHECK(error_of([&] { nt::view(nt::t(x), {9}); }) ==
        "RuntimeError: view size is not compatible with input tensor's size and stride (at least one dimension spans "
        "across two contiguous subspaces). Use .reshape(...) instead.");
  Tensor y = iota(7);
  CHECK(error_of([&] { nt::view(y, {2, -1}); }) == "RuntimeError: shape '[2, -1]' is invalid for input of size 7");
  CHECK(error_of([&] { nt::view(y, {-1, -1}); }) == "RuntimeError: only one dimension can be inferred");
  CHECK(error_of([&] { nt::view(iota(6), {-2, 3}); }) ==
        "RuntimeError: invalid shape dimension -2 at index 0 of shape [-2, 3]");
  CHECK(error_of([&] { nt::view(iota(0), {-1, 0}); }) ==
        "RuntimeError: cannot reshape tensor of 0 elements into shape [-1, 0] because the unspecified dimension size "
        "-1 can be any value and is ambiguous");
}

TEST_CASE("compute_view_strides merges and splits chunks", "[ops][views]") {
  // contiguous 2x3x4 -> 6x4 and 2x12 merge; 24 -> 2x3x4 split
  CHECK(*nt::compute_view_strides({2, 3, 4}, {12, 4, 1}, {6, 4}) == Shape{4, 1});
  CHECK(*nt::compute_view_strides({24}, {1}, {2, 3, 4}) == Shape{12, 4, 1});
  // transposed 3x2 (strides 1,3): splitting a dim is fine, merging across is not
  CHECK(*nt::compute_view_strides({3, 2}, {1, 3}, {3, 1, 2}) == Shape{1, 6, 3});  // size-1 dim: view_numel * base
  CHECK_FALSE(nt::compute_view_strides({3, 2}, {1, 3}, {6}).has_value());
  // a column slice of a 4x4 keeps its row stride
  CHECK(*nt::compute_view_strides({4, 2}, {4, 1}, {2, 2, 2}) == Shape{8, 4, 1});
  CHECK(*nt::compute_view_strides({}, {}, {1, 1}) == Shape{1, 1});
}

TEST_CASE("expand gives stride 0 and PyTorch's messages", "[ops][views]") {
  Context c; ContextGuard g(c);
  Tensor x = iota(3);
  Tensor e = nt::expand(x, {2, 3});
  CHECK(e.strides() == Shape{0, 1});
  Tensor col = nt::view(x, {3, 1});
  CHECK(nt::expand(col, {3, 4}).strides() == Shape{1, 0});
  CHECK(nt::expand(col, {-1, 4}).sizes() == Shape{3, 4});
  CHECK(nt::expand(nt::full({}, Scalar::from_int(1), DType::Float32, Device{}), {2, 2}).strides() == Shape{0, 0});
  CHECK(nt::expand(nt::full({}, Scalar::from_int(1), DType::Float32, Device{}), {1, 3}).strides() == Shape{0, 0});
  CHECK(nt::expand(x, {1, 3}).strides() == Shape{3, 1});  // a new size-1 leading dim keeps a real stride
  CHECK(error_of([&] { nt::expand(nt::ones({3}, DType::Float32, Device{}), {2, 4}); }) ==
        "RuntimeError: The expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension "
        "1.  Target sizes: [2, 4].  Tensor sizes: [3]");
  CHECK(error_of([&] { nt::expand(x, {-1, 3}); }) ==
        "RuntimeError: The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension 0");
  CHECK(error_of([&] { nt::expand(nt::ones({2, 3}, DType::Float32, Device{}), {3}); }) ==
        "RuntimeError: expand(torch.FloatTensor{[2, 3]}, size=[3]): the number of sizes provided (1) must be greater "
        "or equal to the number of dimensions in the tensor (2)");
}

TEST_CASE("as_strided checks storage bounds and keeps the offset", "[ops][views]") {
  Context c; ContextGuard g(c);
  Tensor x = nt::ones({3}, DType::Float32, Device{});
  CHECK(error_of([&] { nt::as_strided(x, {4}, {1}, std::nullopt); }) ==
        "RuntimeError: setStorage: sizes [4], strides [1], storage offset 0, and itemsize 4 requiring a storage size "
        "of 16 are out of bounds for storage of size 12");
  Tensor s = nt::slice(iota(6), 0, 2, std::nullopt, 1);
  CHECK(nt::as_strided(s, {2}, {1}, std::nullopt).storage_offset() == 2);  // self's offset by default
  CHECK(nt::as_strided(s, {2}, {2}, 0).storage_offset() == 0);
  Tensor w = nt::as_strided(iota(6), {4, 3}, {1, 1}, 0);  // overlapping windows
  CHECK(values(w)[3] == 1.0);
}

TEST_CASE("select/slice/narrow/unfold/diagonal offsets and strides", "[ops][views]") {
  Context c; ContextGuard g(c);
  Tensor x = nt::view(iota(12), {3, 4});
  Tensor r = nt::select(x, 0, 1);
  CHECK(r.storage_offset() == 4);
  CHECK(values(r) == std::vector<double>{4, 5, 6, 7});
  Tensor col = nt::select(x, 1, -1);
  CHECK(col.strides() == Shape{4});
  CHECK(col.storage_offset() == 3);
  CHECK(error_of([&] { nt::select(iota(3), 0, 5); }) == "IndexError: index 5 is out of bounds for dimension 0 with size 3");
  Tensor s = nt::slice(x, 1, 1, std::nullopt, 2);
  CHECK(s.sizes() == Shape{3, 2});
  CHECK(s.strides() == Shape{4, 2});
  CHECK(s.storage_offset() == 1);
  CHECK(nt::slice(x, 0, -2, 100, 1).sizes() == Shape{2, 4});
  Tensor n = nt::narrow(x, 1, 1, 2);
  CHECK(values(n) == std::vector<double>{1, 2, 5, 6, 9, 10});
  CHECK(error_of([&] { nt::narrow(x, 1, 3, 2); }) == "RuntimeError: start (3) + length (2) exceeds dimension size (4).");
  Tensor u = nt::unfold(iota(7), 0, 3, 2);
  CHECK(u.sizes() == Shape{3, 3});
  CHECK(u.strides() == Shape{2, 1});
  CHECK(values(u) == std::vector<double>{0, 1, 2, 2, 3, 4, 4, 5, 6});
  Tensor d = nt::diagonal(x, 1, 0, 1);
  CHECK(values(d) == std::vector<double>{1, 6, 11});
  CHECK(d.strides() == Shape{5});
  CHECK(values(nt::diagonal(x, -1, 0, 1)) == std::vector<double>{4, 9});
  CHECK(error_of([&] { nt::transpose(x, 0, 2); }) ==
        "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)");
}

TEST_CASE("t/transpose/permute/squeeze/unsqueeze geometry", "[ops][views]") {
  Context c; ContextGuard g(c);
  Tensor x = nt::view(iota(24), {2, 3, 4});
  Tensor p = nt::permute(x, {2, 0, 1});
  CHECK(p.sizes() == Shape{4, 2, 3});
  CHECK(p.strides() == Shape{1, 12, 4});
  CHECK(error_of([&] { nt::permute(x, {0, 1}); }) ==
        "RuntimeError: permute(sparse_coo): number of dimensions in the tensor input does not match the length of the "
        "desired ordering of dimensions i.e. input.dim() = 3 is not equal to len(dims) = 2");
  CHECK(error_of([&] { nt::t(x); }) == "RuntimeError: t() expects a tensor with <= 2 dimensions, but self is 3D");
  Tensor u = nt::unsqueeze(x, 1);
  CHECK(u.sizes() == Shape{2, 1, 3, 4});
  CHECK(u.strides() == Shape{12, 12, 4, 1});
  CHECK(nt::unsqueeze(x, -1).strides() == Shape{12, 4, 1, 1});
  Tensor sq = nt::squeeze(nt::view(iota(3), {1, 3, 1}));
  CHECK(sq.sizes() == Shape{3});
  CHECK(nt::squeeze(nt::view(iota(3), {1, 3, 1}), {0}).sizes() == Shape{3, 1});
}

TEST_CASE("split/chunk/unbind", "[ops][views]") {
  Context c; ContextGuard g(c);
  Tensor x = iota(5);
  auto parts = nt::split(x, 2, 0);
  REQUIRE(parts.size() == 3);
  CHECK(parts[2].sizes() == Shape{1});
  CHECK(parts[2].storage_offset() == 4);
  auto ch = nt::chunk(iota(6), 4, 0);
  CHECK(ch.size() == 3);  // ceil(6/4)=2 per chunk
  auto ws = nt::split_with_sizes(x, {1, 4}, 0);
  CHECK(values(ws[1]) == std::vector<double>{1, 2, 3, 4});
  CHECK(error_of([&] { nt::split_with_sizes(x, {1, 2}, 0); }) ==
        "RuntimeError: split_with_sizes expects split_sizes to sum exactly to 5 (input tensor's size at dimension 0), "
        "but got split_sizes=[1, 2]");
  auto ub = nt::unbind(nt::view(iota(6), {2, 3}), 1);
  CHECK(ub.size() == 3);
  CHECK(values(ub[1]) == std::vector<double>{1, 4});
}

TEST_CASE("detach shares the counter, data gets a new one; neither has a base", "[ops][views]") {
  Context c; ContextGuard g(c);
  Tensor x = iota(3);
  Tensor d = nt::detach(x);
  Tensor dd = nt::data(x);
  CHECK(d.storage() == x.storage());
  CHECK(dd.storage() == x.storage());
  CHECK(d.impl()->version_counter == x.impl()->version_counter);
  CHECK(dd.impl()->version_counter != x.impl()->version_counter);
  CHECK(d.impl()->base == nullptr);
  CHECK(dd.impl()->base == nullptr);
  nt::fill_(nt::select(x, 0, 0), Scalar::from_int(7));
  CHECK(x.version() == 1);
  CHECK(d.version() == 1);
  CHECK(dd.version() == 0);
  CHECK(x.double_at(0) == 7);
  Tensor wrapped = nt::wrap_scalar(Scalar::from_int(1));
  CHECK_FALSE(nt::alias(wrapped).impl()->is_wrapped_number);
}

TEST_CASE("conformance messages: expand with -1 and as_strided out of bounds", "[ops][views]") {
  Context c; ContextGuard g(c);
  Tensor x = nt::view(nt::arange(Scalar::from_int(1), Scalar::from_int(7), Scalar::from_int(1), std::nullopt, Device{}), {2, 3});
  CHECK(error_of([&] { nt::expand(x, {3, -1}); }) ==
        "RuntimeError: The expanded size of the tensor (3) must match the existing size (2) at non-singleton dimension "
        "0.  Target sizes: [3, -1].  Tensor sizes: [2, 3]");
  Tensor y = nt::view(nt::arange(Scalar::from_int(1), Scalar::from_int(10), Scalar::from_int(1), std::nullopt, Device{}), {3, 3});
  CHECK(error_of([&] { nt::as_strided(y, {5, 5}, {0, 4}, std::nullopt); }) ==
        "RuntimeError: setStorage: sizes [5, 5], strides [0, 4], storage offset 0, and itemsize 8 requiring a storage "
        "size of 136 are out of bounds for storage of size 72");
}
