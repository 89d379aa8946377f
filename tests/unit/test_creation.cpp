// ops/creation.cpp: factory values, default dtypes and the range factories' PyTorch arithmetic.
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
}  // namespace

TEST_CASE("full/zeros/ones/eye fill their values", "[ops][creation]") {
  Context c; ContextGuard g(c);
  Tensor f = nt::full({2, 2}, Scalar::from_double(2.5), DType::Float32, Device{});
  CHECK(values(f) == std::vector<double>{2.5, 2.5, 2.5, 2.5});
  CHECK(values(nt::zeros({3}, DType::Int64, Device{})) == std::vector<double>{0, 0, 0});
  CHECK(values(nt::ones({2}, DType::Bool, Device{})) == std::vector<double>{1, 1});
  Tensor e = nt::eye(2, 3, DType::Float32, Device{});
  CHECK(e.sizes() == Shape{2, 3});
  CHECK(values(e) == std::vector<double>{1, 0, 0, 0, 1, 0});
  CHECK(error_of([] { nt::eye(-1, 2, DType::Float32, Device{}); }) ==
        "RuntimeError: n must be greater or equal to 0, got -1");
  Tensor t = nt::full({2}, Scalar::from_double(2.7), DType::Int64, Device{});
  CHECK(values(t) == std::vector<double>{2, 2});
}

TEST_CASE("from_scalars converts to the requested dtype; wrap_scalar marks wrapped numbers", "[ops][creation]") {
  Context c; ContextGuard g(c);
  Tensor t = nt::from_scalars({Scalar::from_int(1), Scalar::from_double(2.5), Scalar::from_bool(true)}, {3},
                              DType::Float32, Device{});
  CHECK(values(t) == std::vector<double>{1, 2.5, 1});
  Tensor w = nt::wrap_scalar(Scalar::from_double(0.1));
  CHECK(w.impl()->is_wrapped_number);
  CHECK(w.dim() == 0);
  CHECK(w.double_at(0) == 0.1);  // kept as a double, not rounded to float32
  CHECK(nt::wrap_scalar(Scalar::from_int(3)).dtype() == DType::Int64);
}

TEST_CASE("arange: sizes, dtypes and errors", "[ops][creation]") {
  Context c; ContextGuard g(c);
  Tensor a = nt::arange(Scalar::from_int(0), Scalar::from_int(5), Scalar::from_int(1), std::nullopt, Device{});
  CHECK(a.dtype() == DType::Int64);
  CHECK(values(a) == std::vector<double>{0, 1, 2, 3, 4});
  Tensor b = nt::arange(Scalar::from_int(1), Scalar::from_double(2.5), Scalar::from_double(0.5), std::nullopt, Device{});
  CHECK(b.dtype() == DType::Float32);
  CHECK(values(b) == std::vector<double>{1.0, 1.5, 2.0});
  Tensor d = nt::arange(Scalar::from_int(10), Scalar::from_int(0), Scalar::from_int(-3), std::nullopt, Device{});
  CHECK(values(d) == std::vector<double>{10, 7, 4, 1});
  CHECK(error_of([] { nt::arange(Scalar::from_int(0), Scalar::from_int(5), Scalar::from_int(0), std::nullopt, Device{}); }) ==
        "RuntimeError: step must be nonzero");
  CHECK(error_of([] { nt::arange(Scalar::from_int(5), Scalar::from_int(0), Scalar::from_int(1), std::nullopt, Device{}); }) ==
        "RuntimeError: upper bound and larger bound inconsistent with step sign");
  // Note [arange vector path]: element 9 of arange(0, 2, 0.1) comes from the vectorised block
  // rounding (float(float(0.8) + 0.1)), which PyTorch prints as 0.9000000357627869.
  Tensor v = nt::arange(Scalar::from_int(0), Scalar::from_int(2), Scalar::from_double(0.1), std::nullopt, Device{});
  CHECK(v.numel() == 20);
  CHECK(v.double_at(8) == double(float(0.8)));
  CHECK(v.double_at(9) == double(float(double(float(0.8)) + 0.1)));
}

TEST_CASE("linspace and logspace compute both halves from their ends", "[ops][creation]") {
  Context c; ContextGuard g(c);
  Tensor l = nt::linspace(Scalar::from_int(3), Scalar::from_int(10), 5, std::nullopt, Device{});
  CHECK(values(l) == std::vector<double>{3.0, 4.75, 6.5, 8.25, 10.0});
  Tensor l2 = nt::linspace(Scalar::from_double(0), Scalar::from_double(1), 7, std::nullopt, Device{});
  CHECK(l2.double_at(6) == 1.0);
  CHECK(l2.double_at(5) == double(1.0f - float(1.0f / 6.0f)));
  Tensor g5 = nt::logspace(Scalar::from_double(0.1), Scalar::from_double(1.0), 5, 10.0, std::nullopt, Device{});
  std::vector<double> expect{1.2589, 2.1135, 3.5481, 5.9566, 10.0};
  for (int i = 0; i < 5; ++i) CHECK(g5.double_at(i) == Approx(expect[size_t(i)]).epsilon(1e-4));
  CHECK(g5.double_at(4) == 10.0);
  CHECK(error_of([] { nt::linspace(Scalar::from_int(0), Scalar::from_int(1), -1, std::nullopt, Device{}); }) ==
        "RuntimeError: number of steps must be non-negative");
  CHECK(nt::linspace(Scalar::from_int(2), Scalar::from_int(9), 1, std::nullopt, Device{}).double_at(0) == 2.0);
}
