// ops/copy.cpp and ops/inplace.cpp: clone's preserved strides, copy_ broadcasting/casting/overlap,
// reshape vs view, cat/stack, item, and the in-place write checks.
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
Tensor iota(int64_t n, DType dt = DType::Float32) {
  return nt::arange(Scalar::from_int(0), Scalar::from_int(n), Scalar::from_int(1), dt, Device{});
}
}  // namespace

TEST_CASE("clone preserves dense strides, contiguous copies only when needed", "[ops][copy]") {
  Context c; ContextGuard g(c);
  Tensor x = nt::view(iota(6), {2, 3});
  Tensor ct = nt::clone(nt::t(x));
  CHECK(ct.strides() == Shape{1, 3});
  CHECK(ct.storage() != x.storage());
  CHECK(values(ct) == std::vector<double>{0, 3, 1, 4, 2, 5});
  CHECK(ct.impl()->base == nullptr);
  Tensor e = nt::clone(nt::expand(iota(3), {2, 3}));
  CHECK(e.strides() == Shape{3, 1});
  Tensor sl = nt::clone(nt::slice(x, 1, 0, std::nullopt, 2));  // not dense: dense strides, same order
  CHECK(sl.strides() == Shape{2, 1});
  CHECK(nt::contiguous(x).is_same(x));
  Tensor c2 = nt::contiguous(nt::t(x));
  CHECK(c2.strides() == Shape{2, 1});
  CHECK(values(c2) == std::vector<double>{0, 3, 1, 4, 2, 5});
}

TEST_CASE("copy_ broadcasts, casts, bumps once and refuses overlapping writes", "[ops][copy]") {
  Context c; ContextGuard g(c);
  Tensor dst = nt::zeros({2, 3}, DType::Int64, Device{});
  nt::copy_(dst, nt::full({3}, Scalar::from_double(2.7), DType::Float32, Device{}));
  CHECK(values(dst) == std::vector<double>{2, 2, 2, 2, 2, 2});
  CHECK(dst.version() == 1);
  CHECK(error_of([&] { nt::copy_(nt::zeros({3}, DType::Float32, Device{}), nt::ones({2, 3}, DType::Float32, Device{})); }) ==
        "RuntimeError: output with shape [3] doesn't match the broadcast shape [2, 3]");
  CHECK(error_of([&] { nt::copy_(nt::zeros({2}, DType::Float32, Device{}), nt::ones({3}, DType::Float32, Device{})); }) ==
        "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0");
  Tensor ex = nt::expand(nt::zeros({3}, DType::Float32, Device{}), {2, 3});
  CHECK(error_of([&] { nt::copy_(ex, nt::ones({2, 3}, DType::Float32, Device{})); }) ==
        "RuntimeError: unsupported operation: more than one element of the written-to tensor refers to a single "
        "memory location. Please clone() the tensor before performing the operation.");
  Tensor cuda = nt::zeros({3}, DType::Float32, parse_device("cuda"));
  nt::copy_(cuda, iota(3));
  CHECK(values(cuda) == std::vector<double>{0, 1, 2});
  Tensor b = nt::zeros({3}, DType::Bool, Device{});
  nt::copy_(b, nt::from_scalars({Scalar::from_double(0.5), Scalar::from_double(0), Scalar::from_int(-2)}, {3},
                                DType::Float32, Device{}));
  CHECK(values(b) == std::vector<double>{1, 0, 1});
}

TEST_CASE("to returns self when nothing changes", "[ops][copy]") {
  Context c; ContextGuard g(c);
  Tensor x = iota(3);
  CHECK(nt::to(x, DType::Float32, Device{}, false).is_same(x));
  Tensor y = nt::to(x, DType::Float32, Device{}, true);
  CHECK_FALSE(y.is_same(x));
  Tensor m = nt::to(x, DType::Int64, parse_device("mps"), false);
  CHECK(m.device() == parse_device("mps"));
  CHECK(m.dtype() == DType::Int64);
  CHECK(nt::to(nt::t(nt::view(iota(6), {2, 3})), DType::Float64, Device{}, false).strides() == Shape{1, 3});
}

TEST_CASE("reshape is a view when possible, flatten goes through reshape", "[ops][copy]") {
  Context c; ContextGuard g(c);
  Tensor x = nt::view(iota(6), {2, 3});
  Tensor r = nt::reshape(x, {3, 2});
  CHECK(r.storage() == x.storage());
  CHECK(r.impl()->base == x.impl()->base);
  Tensor rt = nt::reshape(nt::t(x), {6});
  CHECK(rt.storage() != x.storage());
  CHECK(rt.impl()->base == nullptr);
  CHECK(values(rt) == std::vector<double>{0, 3, 1, 4, 2, 5});
  CHECK(nt::flatten(x, 0, -1).sizes() == Shape{6});
  CHECK(nt::flatten(x, 1, 1).is_same(x));
  CHECK(nt::flatten(nt::full({}, Scalar::from_int(1), DType::Float32, Device{}), 0, -1).sizes() == Shape{1});
  CHECK(error_of([&] { nt::flatten(x, 1, 0); }) ==
        "RuntimeError: flatten() has invalid args: start_dim cannot come after end_dim");
}

TEST_CASE("cat and stack", "[ops][copy]") {
  Context c; ContextGuard g(c);
  Tensor a = nt::view(iota(4), {2, 2});
  Tensor b = nt::view(iota(2, DType::Int64), {2, 1});
  Tensor cc = nt::cat({a, b}, 1);
  CHECK(cc.sizes() == Shape{2, 3});
  CHECK(cc.dtype() == DType::Float32);
  CHECK(values(cc) == std::vector<double>{0, 1, 0, 2, 3, 1});
  CHECK(error_of([&] { nt::cat({a, b}, 0); }) ==
        "RuntimeError: Sizes of tensors must match except in dimension 0. Expected size 2 but got size 1 for tensor "
        "number 1 in the list.");
  CHECK(error_of([&] { nt::cat({a, iota(2)}, 0); }) ==
        "RuntimeError: Tensors must have same number of dimensions: got 2 and 1");
  Tensor s = nt::stack({iota(2), iota(2)}, 1);
  CHECK(s.sizes() == Shape{2, 2});
  CHECK(values(s) == std::vector<double>{0, 0, 1, 1});
  CHECK(error_of([&] { nt::stack({iota(2), iota(3)}, 0); }) ==
        "RuntimeError: stack expects each tensor to be equal size, but got [2] at entry 0 and [3] at entry 1");
}

TEST_CASE("item and in-place write checks", "[ops][copy][inplace]") {
  Context c; ContextGuard g(c);
  CHECK(nt::item(nt::select(iota(3), 0, 2)).to_double() == 2.0);
  CHECK(error_of([&] { nt::item(iota(2)); }) == "RuntimeError: a Tensor with 2 elements cannot be converted to Scalar");
  Tensor li = iota(2, DType::Int64);
  CHECK(error_of([&] { nt::write_result_(li, nt::ones({2}, DType::Float32, Device{})); }) ==
        "RuntimeError: result type Float can't be cast to the desired output type Long");
  CHECK(error_of([&] { nt::write_result_(iota(3), nt::ones({2, 3}, DType::Float32, Device{})); }) ==
        "RuntimeError: output with shape [3] doesn't match the broadcast shape [2, 3]");
  Tensor f = iota(3);
  nt::write_result_(f, nt::ones({3}, DType::Int64, Device{}));
  CHECK(values(f) == std::vector<double>{1, 1, 1});
  CHECK(f.version() == 1);
  nt::zero_(f);
  CHECK(values(f) == std::vector<double>{0, 0, 0});
  CHECK(f.version() == 2);
  Tensor sq = nt::view(iota(9), {3, 3});
  CHECK(error_of([&] { nt::check_no_partial_overlap(sq, nt::t(sq)); }) ==
        "RuntimeError: unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
        "single memory location. Please clone() the tensor before performing the operation.");
}

TEST_CASE("advanced indexing, index_put_, index_select, masked_select", "[ops][copy][indexing]") {
  Context c; ContextGuard g(c);
  Tensor x = nt::view(iota(6), {3, 2});
  Tensor idx = nt::from_scalars({Scalar::from_int(2), Scalar::from_int(-3)}, {2}, DType::Int64, Device{});
  Tensor r = nt::index(x, idx);
  CHECK(r.sizes() == Shape{2, 2});
  CHECK(values(r) == std::vector<double>{4, 5, 0, 1});
  CHECK(r.storage() != x.storage());
  Tensor bad = nt::from_scalars({Scalar::from_int(5)}, {1}, DType::Int64, Device{});
  CHECK(error_of([&] { nt::index(x, bad); }) == "IndexError: index 5 is out of bounds for dimension 0 with size 3");
  Tensor mask = nt::from_scalars({Scalar::from_bool(true), Scalar::from_bool(false), Scalar::from_bool(true)}, {3},
                                 DType::Bool, Device{});
  CHECK(values(nt::index(x, mask)) == std::vector<double>{0, 1, 4, 5});
  CHECK(error_of([&] { nt::index(iota(2), mask); }) ==
        "IndexError: The shape of the mask [3] at index 0 does not match the shape of the indexed tensor [2] at index 0");
  // x[mask] = scalar tensor of another dtype goes through masked_fill
  nt::index_put_(x, mask, nt::from_scalars({Scalar::from_int(9)}, {}, DType::Int64, Device{}));
  CHECK(values(x) == std::vector<double>{9, 9, 2, 3, 9, 9});
  CHECK(x.version() == 1);
  nt::index_put_(x, idx, nt::from_scalars({Scalar::from_double(7), Scalar::from_double(8)}, {2}, DType::Float32, Device{}));
  CHECK(values(x) == std::vector<double>{7, 8, 2, 3, 7, 8});
  CHECK(error_of([&] { nt::index_put_(x, idx, nt::ones({3}, DType::Float32, Device{})); }) ==
        "RuntimeError: shape mismatch: value tensor of shape [3] cannot be broadcast to indexing result of shape [2, 2]");
  CHECK(error_of([&] { nt::index_put_(x, idx, nt::ones({2}, DType::Int64, Device{})); }) ==
        "RuntimeError: Index put requires the source and destination dtypes match, got Float for the destination and "
        "Long for the source.");
  Tensor sel = nt::index_select(nt::view(iota(6), {2, 3}), 1,
                                nt::from_scalars({Scalar::from_int(2), Scalar::from_int(0)}, {2}, DType::Int64, Device{}));
  CHECK(values(sel) == std::vector<double>{2, 0, 5, 3});
  CHECK(values(nt::masked_select(nt::view(iota(6), {2, 3}), mask)) == std::vector<double>{0, 2, 3, 5});
}
