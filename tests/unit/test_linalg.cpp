// ops/math/linalg.cpp: shapes, values, float32 accumulation and LinearAlgebra.cpp's messages.
#include <catch2/catch.hpp>

#include <cmath>

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
Tensor mat(int64_t r, int64_t c, DType dt = DType::Float32) {
  return nt::view(nt::arange(Scalar::from_int(0), Scalar::from_int(r * c), Scalar::from_int(1), dt, Device{}), {r, c});
}
}  // namespace

TEST_CASE("mm/mv/dot/bmm values and shapes", "[ops][linalg]") {
  Context c; ContextGuard g(c);
  Tensor a = mat(2, 3), b = mat(3, 2);
  Tensor p = nt::mm(a, b);
  CHECK(p.sizes() == Shape{2, 2});
  CHECK(values(p) == std::vector<double>{10, 13, 28, 40});
  CHECK(values(nt::mm(a, nt::t(a))) == std::vector<double>{5, 14, 14, 50});  // strided operand
  Tensor v = nt::view(mat(1, 3), {3});
  CHECK(values(nt::mv(a, v)) == std::vector<double>{5, 14});
  Tensor d = nt::dot(v, v);
  CHECK(d.dim() == 0);
  CHECK(d.double_at(0) == 5);
  CHECK(values(nt::mm(mat(2, 2, DType::Int64), mat(2, 2, DType::Int64))) == std::vector<double>{2, 3, 6, 11});
  Tensor bb = nt::bmm(nt::view(mat(2, 6), {2, 2, 3}), nt::view(mat(2, 6), {2, 3, 2}));
  CHECK(bb.sizes() == Shape{2, 2, 2});
  CHECK(values(bb) == std::vector<double>{10, 13, 28, 40, 172, 193, 244, 274});
  Tensor bias = nt::view(mat(1, 2), {2});
  CHECK(values(nt::addmm(bias, a, b)) == std::vector<double>{10, 14, 28, 41});
  // float32 accumulation along k, the product and the sum rounded separately (Note [gemm
  // summation order]); 0.1f * 0.7f is inexact, and a fused multiply-add gives other last bits.
  Tensor x = nt::full({1, 3}, Scalar::from_double(0.1), DType::Float32, Device{});
  Tensor y = nt::full({3, 1}, Scalar::from_double(0.7), DType::Float32, Device{});
  float acc = 0.0f;
  for (int i = 0; i < 3; ++i) {
    volatile float prod = 0.1f * 0.7f;
    acc = acc + prod;
  }
  float fused = 0.0f;
  for (int i = 0; i < 3; ++i) fused = std::fma(0.1f, 0.7f, fused);
  CHECK(nt::mm(x, y).double_at(0) == double(acc));
  CHECK(acc != fused);  // the check above can tell the two apart
}

TEST_CASE("matrix product messages", "[ops][linalg]") {
  Context c; ContextGuard g(c);
  CHECK(error_of([&] { nt::mm(mat(2, 3), mat(2, 3)); }) ==
        "RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)");
  CHECK(error_of([&] { nt::mm(nt::view(mat(1, 3), {3}), mat(3, 3)); }) == "RuntimeError: self must be a matrix");
  CHECK(error_of([&] { nt::mm(mat(2, 2), mat(2, 2, DType::Float64)); }) ==
        "RuntimeError: expected m1 and m2 to have the same dtype, but got: float != double");
  CHECK(error_of([&] { nt::addmm(nt::view(mat(1, 3), {3}), nt::view(mat(1, 3), {3}), mat(3, 3)); }) ==
        "RuntimeError: mat1 must be a matrix, got 1-D tensor");
  CHECK(error_of([&] { nt::dot(nt::view(mat(1, 3), {3}), nt::view(mat(1, 2), {2})); }) ==
        "RuntimeError: inconsistent tensor size, expected tensor [3] and src [2] to have the same number of elements, "
        "but got 3 and 2 elements respectively");
  CHECK(error_of([&] { nt::dot(mat(2, 2), nt::view(mat(1, 2), {2})); }) ==
        "RuntimeError: 1D tensors expected, but got 2D and 1D tensors");
  CHECK(error_of([&] { nt::mv(mat(2, 3), nt::view(mat(1, 2), {2})); }) ==
        "RuntimeError: size mismatch, got input (2), mat (2x3), vec (2)");
  CHECK(error_of([&] { nt::bmm(nt::view(mat(2, 6), {2, 2, 3}), nt::view(mat(2, 8), {2, 4, 2})); }) ==
        "RuntimeError: Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [2, 4].");
  Tensor cu = nt::to(mat(2, 2), DType::Float32, parse_device("cuda"), false);
  CHECK(error_of([&] { nt::mm(cu, mat(2, 2)); }) ==
        "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu! "
        "(when checking argument for argument mat2 in method wrapper_CUDA_mm)");
}
