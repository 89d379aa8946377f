// ops/math/gemm.cpp through mm / bmm: the blocked, vectorised kernel against a naive triple loop
// summing along k in order with a separate multiply and add (Note [gemm summation order]), on
// shapes that exercise every edge of the blocking (1x1, single rows and columns, primes, more
// rows than one packed block), strided and transposed operands, batches and every dtype.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <string>

#include "core/context.h"
#include "ops/native.h"

using namespace tp;
namespace nt = tp::native;

namespace {

std::vector<double> values(const Tensor& t) {
  std::vector<double> v;
  for (int64_t i = 0; i < t.numel(); ++i) v.push_back(t.double_at(t.storage_index_of(i)));
  return v;
}

// Element (i, j) of a 2-D tensor, whatever its strides.
double at2(const Tensor& t, int64_t i, int64_t j) {
  return t.double_at(t.storage_offset() + i * t.strides()[0] + j * t.strides()[1]);
}

// The reference: out[i][j] = ((0 + a[i][0]*b[0][j]) + a[i][1]*b[1][j]) + ..., in T's arithmetic
// (integers wrap, floats round the product and the sum separately).
template <class T>
std::vector<double> naive(const Tensor& a, const Tensor& b) {
  const int64_t n = a.sizes()[0], k = a.sizes()[1], m = b.sizes()[1];
  std::vector<double> out;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < m; ++j) {
      T acc = T(0);
      for (int64_t p = 0; p < k; ++p) {
        const T prod = T(T(at2(a, i, p)) * T(at2(b, p, j)));  // a separate statement: never fused
        acc = T(acc + prod);
      }
      out.push_back(double(acc));
    }
  return out;
}

std::vector<double> naive_for(const Tensor& a, const Tensor& b) {
  switch (a.dtype()) {
    case DType::UInt8: return naive<uint8_t>(a, b);
    case DType::Int8: return naive<int8_t>(a, b);
    case DType::Int16: return naive<int16_t>(a, b);
    case DType::Int32: return naive<int32_t>(a, b);
    case DType::Int64: return naive<int64_t>(a, b);
    case DType::Float64: return naive<double>(a, b);
    default: return naive<float>(a, b);
  }
}

// Values with every mantissa bit in use for floats; small integers (products that wrap for int8).
Tensor operand(const Shape& sizes, DType dt) {
  if (is_floating(dt)) return nt::randn(sizes, dt, Device{});
  return nt::randint(dt == DType::UInt8 ? 0 : -60, 100, sizes, dt, Device{});
}

}  // namespace

TEST_CASE("blocked matmul equals the in-order naive product on odd shapes", "[ops][linalg][gemm]") {
  Context c; ContextGuard g(c);
  ctx().generator.manual_seed(7);
  // (n, k, m): 1x1, a row, a column, k = 1, primes around the tile sizes (4 x 8 floats) and
  // across the 64-row packing block, a wide and a deep product.
  const std::vector<std::array<int64_t, 3>> shapes = {{1, 1, 1},  {1, 5, 1},   {1, 17, 9},  {9, 17, 1},  {5, 1, 7},
                                                      {3, 7, 5},  {7, 13, 11}, {13, 3, 31}, {37, 41, 43}, {67, 5, 131},
                                                      {2, 301, 3}, {4, 8, 8}};
  for (auto [n, k, m] : shapes) {
    Tensor a = operand({n, k}, DType::Float32), b = operand({k, m}, DType::Float32);
    INFO(n << "x" << k << " @ " << k << "x" << m);
    CHECK(values(nt::mm(a, b)) == naive_for(a, b));
  }
}

TEST_CASE("blocked matmul on transposed and strided operands", "[ops][linalg][gemm]") {
  Context c; ContextGuard g(c);
  ctx().generator.manual_seed(11);
  Tensor a = nt::t(operand({23, 19}, DType::Float32));  // 19 x 23, column-major
  Tensor b = nt::t(operand({29, 23}, DType::Float32));  // 23 x 29, column-major
  REQUIRE(a.strides()[0] == 1);
  CHECK(values(nt::mm(a, b)) == naive_for(a, b));
  // every other row and every third column of larger matrices (no unit stride at all)
  Tensor as = nt::slice(nt::slice(operand({22, 60}, DType::Float32), 0, 0, 22, 2), 1, 0, 60, 3);  // 11 x 20
  Tensor bs = nt::slice(operand({40, 17}, DType::Float32), 0, 0, 40, 2);                          // 20 x 17
  REQUIRE(as.sizes() == Shape{11, 20});
  CHECK(values(nt::mm(as, bs)) == naive_for(as, bs));
  CHECK(values(nt::mm(as, nt::t(as))) == naive_for(as, nt::t(as)));
  // an expanded (stride 0) operand
  Tensor row = operand({1, 20}, DType::Float32);
  Tensor ex = nt::expand(row, {5, 20});
  CHECK(values(nt::mm(ex, bs)) == naive_for(ex, bs));
}

TEST_CASE("blocked matmul in every dtype", "[ops][linalg][gemm]") {
  Context c; ContextGuard g(c);
  ctx().generator.manual_seed(3);
  for (DType dt : {DType::UInt8, DType::Int8, DType::Int16, DType::Int32, DType::Int64, DType::Float32,
                   DType::Float64}) {
    Tensor a = operand({11, 37}, dt), b = operand({37, 19}, dt);
    INFO(scalar_type_name(dt));
    Tensor p = nt::mm(a, b);
    CHECK(p.dtype() == dt);
    CHECK(values(p) == naive_for(a, b));
  }
  // int8 sums wrap modulo 256 exactly as the scalar loop does
  Tensor big = nt::full({2, 9}, Scalar::from_int(100), DType::Int8, Device{});
  Tensor col = nt::full({9, 1}, Scalar::from_int(3), DType::Int8, Device{});
  CHECK(values(nt::mm(big, col)) == std::vector<double>{double(int8_t(2700 & 0xff)), double(int8_t(2700 & 0xff))});
}

TEST_CASE("blocked bmm: batches with transposed and strided operands", "[ops][linalg][gemm]") {
  Context c; ContextGuard g(c);
  ctx().generator.manual_seed(5);
  Tensor a = nt::transpose(operand({3, 13, 7}, DType::Float64), 1, 2);  // 3 x 7 x 13
  Tensor b = nt::slice(operand({3, 26, 5}, DType::Float64), 1, 0, 26, 2);  // 3 x 13 x 5
  Tensor p = nt::bmm(a, b);
  REQUIRE(p.sizes() == Shape{3, 7, 5});
  for (int64_t i = 0; i < 3; ++i) {
    INFO("batch " << i);
    CHECK(values(nt::select(p, 0, i)) == naive_for(nt::select(a, 0, i), nt::select(b, 0, i)));
  }
  // a batch-broadcast (stride 0) left operand
  Tensor one = nt::expand(operand({1, 4, 13}, DType::Float64), {3, 4, 13});
  Tensor q = nt::bmm(one, b);
  for (int64_t i = 0; i < 3; ++i) CHECK(values(nt::select(q, 0, i)) == naive_for(nt::select(one, 0, i), nt::select(b, 0, i)));
}
