// Hostile inputs to the kernels (issue "Unbreakable"): integer division that traps in hardware,
// geometry that overflows, and stride-0 views whose reading would never end. Each must end in a
// defined result or a Python exception, never a signal or a read outside a storage.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>

#include "core/context.h"
#include "core/error.h"
#include "ops/native.h"

using namespace tp;
namespace nt = tp::native;

namespace {
Tensor ints(std::vector<int64_t> v, DType dt) {
  std::vector<Scalar> s;
  for (int64_t x : v) s.push_back(Scalar::from_int(x));
  return nt::from_scalars(s, {int64_t(v.size())}, dt, Device{});
}
std::vector<int64_t> int_values(const Tensor& t) {
  std::vector<int64_t> v;
  for (int64_t i = 0; i < t.numel(); ++i) v.push_back(int64_t(t.double_at(t.storage_index_of(i))));
  return v;
}
std::string error_of(const std::function<void()>& f) {
  try { f(); } catch (const TorchError& e) { return e.py_type() + ": " + e.what(); }
  return "no error";
}
}  // namespace

TEST_CASE("the most negative integer divided by -1 gives two's-complement results, not SIGFPE", "[ops][hostile]") {
  Context c; ContextGuard g(c);
  const int64_t min64 = std::numeric_limits<int64_t>::min();
  Tensor a = ints({min64, 7, -7}, DType::Int64);
  Tensor m1 = ints({-1, -1, -1}, DType::Int64);
  Tensor q = nt::floor_divide(a, m1);
  CHECK(q.dtype() == DType::Int64);
  CHECK(int_values(nt::fmod(a, m1)) == std::vector<int64_t>{0, 0, 0});
  CHECK(int_values(nt::remainder(a, m1)) == std::vector<int64_t>{0, 0, 0});
  std::vector<int64_t> qv = int_values(q);
  CHECK(qv[0] == min64);  // -2**63 is exact in a double
  CHECK(qv[1] == -7);
  CHECK(qv[2] == 7);
  Tensor a32 = ints({std::numeric_limits<int32_t>::min(), 9}, DType::Int32);
  Tensor m32 = ints({-1, -1}, DType::Int32);
  CHECK(int_values(nt::floor_divide(a32, m32)) == std::vector<int64_t>{std::numeric_limits<int32_t>::min(), -9});
  CHECK(int_values(nt::fmod(a32, m32)) == std::vector<int64_t>{0, 0});
  CHECK(int_values(nt::remainder(a32, m32)) == std::vector<int64_t>{0, 0});
  Tensor a8 = ints({-128, 5}, DType::Int8);
  Tensor m8 = ints({-1, -1}, DType::Int8);
  CHECK(int_values(nt::floor_divide(a8, m8)) == std::vector<int64_t>{-128, -5});
  // Unsigned -1 does not exist: 255 is an ordinary divisor for uint8.
  Tensor u = ints({255, 254}, DType::UInt8);
  Tensor u255 = ints({255, 255}, DType::UInt8);
  CHECK(int_values(nt::floor_divide(u, u255)) == std::vector<int64_t>{1, 0});
  CHECK(int_values(nt::remainder(u, u255)) == std::vector<int64_t>{0, 254});
  // Division by zero stays an error.
  CHECK(error_of([&] { nt::floor_divide(a, ints({0, 1, 1}, DType::Int64)); }) == "RuntimeError: ZeroDivisionError");
}

TEST_CASE("geometry that overflows int64 is refused before any storage is touched", "[core][hostile]") {
  Context c; ContextGuard g(c);
  const int64_t big = int64_t(1) << 62;
  CHECK(error_of([&] { shape_numel({big, 4}); }) == "RuntimeError: numel: integer multiplication overflow");
  CHECK(error_of([&] { storage_nbytes({2, 2}, {big, big}, 4); }) ==
        "RuntimeError: Storage size calculation overflowed with sizes=[2, 2] and strides=[4611686018427387904, 4611686018427387904]");
  CHECK(storage_nbytes({0, 5}, {big, big}, 4) == 0);  // an empty view needs no bytes
  CHECK(storage_nbytes({3, 2}, {2, 1}, 4) == 24);
  CHECK(storage_nbytes_contiguous({3, 2}, 8, 1) == 56);
  CHECK(error_of([&] { make_empty({big}, DType::Float32, Device{}); }) ==
        "RuntimeError: Storage size calculation overflowed with sizes=[4611686018427387904]");
  Tensor x = make_empty({4}, DType::Float32, Device{});
  CHECK(error_of([&] { nt::as_strided(x, {2}, {1}, big); }) ==
        "RuntimeError: Storage size calculation overflowed with sizes=[2] and strides=[1]");
  CHECK(error_of([&] { nt::as_strided(x, {2}, {-1}, std::nullopt); }) ==
        "RuntimeError: as_strided: Negative strides are not supported at the moment, got strides: [-1]");
  CHECK(error_of([&] { nt::as_strided(x, {-2}, {1}, std::nullopt); }) ==
        "RuntimeError: Trying to create tensor with negative dimension -2: [-2]");
  // A refused resize_ leaves the tensor as it was.
  CHECK(error_of([&] { nt::resize_(x, {int64_t(1) << 40, int64_t(1) << 40}, std::nullopt); }) ==
        "RuntimeError: numel: integer multiplication overflow");
  CHECK(x.sizes() == Shape{4});
  c.alloc->cap_bytes = 1 << 20;
  CHECK(error_of([&] { nt::resize_(x, {int64_t(1) << 28}, std::nullopt); }).rfind("MemoryError: ", 0) == 0);
  CHECK(x.sizes() == Shape{4});
  CHECK(x.storage()->nbytes() == 16);
}

TEST_CASE("reading a huge stride-0 view is refused instead of looping for ever", "[ops][hostile]") {
  Context c; ContextGuard g(c);
  Tensor one = make_empty({1}, DType::Float32, Device{});
  Tensor huge = nt::expand(one, {int64_t(1) << 62});
  CHECK(huge.numel() == int64_t(1) << 62);
  CHECK(error_of([&] { nt::sum(huge, {}, false, std::nullopt); }).rfind("MemoryError: this operation would visit 4611686018427387904 elements", 0) == 0);
  Tensor fine = nt::expand(one, {1000});
  CHECK(nt::clone(fine).numel() == 1000);
}
