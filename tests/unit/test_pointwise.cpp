// ops/math/binary.cpp and ops/math/unary.cpp: promotion (reference 5.5), broadcasting messages, devices and
// PyTorch's integer/float arithmetic rules.
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
Tensor vec(std::vector<double> v, DType dt) {
  std::vector<Scalar> s;
  for (double x : v) s.push_back(is_floating(dt) ? Scalar::from_double(x) : Scalar::from_int(int64_t(x)));
  return nt::from_scalars(s, {int64_t(v.size())}, dt, Device{});
}
Tensor zero_dim(double x, DType dt) {
  return nt::from_scalars({is_floating(dt) ? Scalar::from_double(x) : Scalar::from_int(int64_t(x))}, {}, dt, Device{});
}
}  // namespace

TEST_CASE("result_type: dimensioned > 0-dim > wrapped numbers, by category", "[ops][pointwise][promotion]") {
  Context c; ContextGuard g(c);
  Tensor i32 = vec({1, 2}, DType::Int32), i64 = vec({1, 2}, DType::Int64), f32 = vec({1, 2}, DType::Float32),
         f64 = vec({1, 2}, DType::Float64), b = vec({1, 0}, DType::Bool);
  CHECK(nt::result_type(i32, nt::wrap_scalar(Scalar::from_int(5))) == DType::Int32);
  CHECK(nt::result_type(i32, zero_dim(3, DType::Int64)) == DType::Int32);
  CHECK(nt::result_type(i64, i32) == DType::Int64);
  CHECK(nt::result_type(b, i64) == DType::Int64);
  CHECK(nt::result_type(f32, f64) == DType::Float64);
  CHECK(nt::result_type(i64, f32) == DType::Float32);
  CHECK(nt::result_type(nt::wrap_scalar(Scalar::from_int(5)), nt::wrap_scalar(Scalar::from_int(5))) == DType::Int64);
  CHECK(nt::result_type(i64, nt::wrap_scalar(Scalar::from_double(2.5))) == DType::Float32);
  CHECK(nt::result_type(f32, nt::wrap_scalar(Scalar::from_int(2))) == DType::Float32);
  CHECK(nt::result_type(f32, zero_dim(1, DType::Float64)) == DType::Float32);
  CHECK(nt::result_type(i64, zero_dim(1, DType::Float64)) == DType::Float64);
  CHECK(nt::result_type(b, nt::wrap_scalar(Scalar::from_int(1))) == DType::Int64);
  CHECK(nt::div(i64, i64).dtype() == DType::Float32);
  CHECK(nt::floor_divide(i64, i64).dtype() == DType::Int64);
  CHECK(nt::compare(f32, i64, nt::CompareOp::Lt).dtype() == DType::Bool);
}

TEST_CASE("broadcasting and device messages", "[ops][pointwise]") {
  Context c; ContextGuard g(c);
  CHECK(nt::broadcast_shapes({2, 1, 3}, {4, 1}) == Shape{2, 4, 3});
  CHECK(nt::broadcast_shapes({1}, {0}) == Shape{0});
  CHECK(error_of([&] { nt::add(nt::ones({3}, DType::Float32, Device{}), nt::ones({2, 2}, DType::Float32, Device{})); }) ==
        "RuntimeError: The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1");
  Tensor cu = nt::ones({2}, DType::Float32, parse_device("cuda"));
  Tensor cpu = nt::ones({2}, DType::Float32, Device{});
  const std::string msg = "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, "
                          "cuda:0 and cpu!";
  CHECK(error_of([&] { nt::add(cu, cpu); }) == msg);
  CHECK(error_of([&] { nt::add(cpu, cu); }) == msg);
  Tensor r = nt::mul(cu, nt::wrap_scalar(Scalar::from_int(3)));  // cpu scalars may join
  CHECK(r.device() == parse_device("cuda"));
  CHECK(values(r) == std::vector<double>{3, 3});
  CHECK(nt::add(cu, zero_dim(1, DType::Float32)).device() == parse_device("cuda"));
}

TEST_CASE("float32 arithmetic stays in float32", "[ops][pointwise]") {
  Context c; ContextGuard g(c);
  Tensor a = vec({0.1, 0.7}, DType::Float32), b = vec({0.2, 0.1}, DType::Float32);
  Tensor s = nt::add(a, b);
  CHECK(s.double_at(0) == double(0.1f + 0.2f));
  CHECK(nt::mul(a, b).double_at(1) == double(0.7f * 0.1f));
  CHECK(nt::div(a, b).double_at(0) == double(0.1f / 0.2f));
  // a wrapped python float combines with float32 as float32 (0.1 rounded to float first)
  CHECK(nt::add(a, nt::wrap_scalar(Scalar::from_double(0.1))).double_at(1) == double(0.7f + 0.1f));
  CHECK(nt::sub(a, b, Scalar::from_int(2)).double_at(0) == double(0.1f - 2.0f * 0.2f));
  CHECK(error_of([&] { nt::add(vec({1}, DType::Int64), vec({1}, DType::Int64), Scalar::from_double(0.5)); }) ==
        "RuntimeError: For integral input tensors, argument alpha must not be a floating point number.");
  CHECK(error_of([&] { nt::sub(vec({1}, DType::Bool), vec({1}, DType::Bool)); }) ==
        "RuntimeError: Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
        "`logical_xor()` operator instead.");
}

TEST_CASE("floor_divide, remainder and pow follow Python/PyTorch rules", "[ops][pointwise]") {
  Context c; ContextGuard g(c);
  Tensor a = vec({7, -7, 7, -7}, DType::Int64), b = vec({2, 2, -2, -2}, DType::Int64);
  CHECK(values(nt::floor_divide(a, b)) == std::vector<double>{3, -4, -4, 3});
  CHECK(values(nt::remainder(a, b)) == std::vector<double>{1, 1, -1, -1});
  Tensor fa = vec({7.5, -7.5}, DType::Float32), fb = vec({2, 2}, DType::Float32);
  CHECK(values(nt::floor_divide(fa, fb)) == std::vector<double>{3, -4});
  CHECK(values(nt::remainder(fa, fb)) == std::vector<double>{1.5, 0.5});
  CHECK(error_of([&] { nt::remainder(a, vec({0, 1, 1, 1}, DType::Int64)); }) == "RuntimeError: ZeroDivisionError");
  CHECK(values(nt::pow(vec({2, 3}, DType::Int64), nt::wrap_scalar(Scalar::from_int(3)))) == std::vector<double>{8, 27});
  CHECK(nt::pow(vec({2, 3}, DType::Int64), nt::wrap_scalar(Scalar::from_double(0.5))).dtype() == DType::Float32);
  CHECK(error_of([&] { nt::pow(vec({2}, DType::Int64), nt::wrap_scalar(Scalar::from_int(-1))); }) ==
        "RuntimeError: Integers to negative integer powers are not allowed.");
  CHECK(values(nt::pow(nt::wrap_scalar(Scalar::from_int(2)), vec({1, 3}, DType::Int64))) == std::vector<double>{2, 8});
  Tensor sq = nt::pow(vec({1.5}, DType::Float32), nt::wrap_scalar(Scalar::from_int(2)));
  CHECK(sq.double_at(0) == 2.25);
}

TEST_CASE("compare, maximum, where, unary and clamp", "[ops][pointwise]") {
  Context c; ContextGuard g(c);
  Tensor a = vec({1, 5, 3}, DType::Float32), b = vec({2, 5, 1}, DType::Int64);
  CHECK(values(nt::compare(a, b, nt::CompareOp::Ge)) == std::vector<double>{0, 1, 1});
  Tensor nanv = vec({NAN, 1}, DType::Float32);
  CHECK(std::isnan(nt::maximum(nanv, vec({0, 2}, DType::Float32)).double_at(0)));
  CHECK(values(nt::minimum(a, b)) == std::vector<double>{1, 5, 1});
  Tensor w = nt::where(nt::compare(a, b, nt::CompareOp::Gt), a, nt::wrap_scalar(Scalar::from_double(0.0)));
  CHECK(values(w) == std::vector<double>{0, 0, 3});
  CHECK(error_of([&] { nt::where(a, a, a); }) ==
        "RuntimeError: where expected condition to be a boolean tensor, but got a tensor with dtype Float");
  Tensor e = nt::unary(vec({0, 1}, DType::Int64), nt::UnaryOp::Exp);
  CHECK(e.dtype() == DType::Float32);
  CHECK(e.double_at(1) == double(std::exp(1.0f)));
  CHECK(values(nt::unary(vec({-2, 3}, DType::Int64), nt::UnaryOp::Relu)) == std::vector<double>{0, 3});
  CHECK(values(nt::unary(vec({0.5, 1.5, 2.5, -0.5}, DType::Float32), nt::UnaryOp::Round)) ==
        std::vector<double>{0, 2, 2, -0.0});
  CHECK(error_of([&] { nt::unary(vec({1}, DType::Bool), nt::UnaryOp::Neg); }) ==
        "RuntimeError: Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a "
        "mask, use the `~` or `logical_not()` operator instead.");
  Tensor cl = nt::clamp(vec({-1, 0.5, 3}, DType::Float32), Scalar::from_int(0), Scalar::from_int(1));
  CHECK(values(cl) == std::vector<double>{0, 0.5, 1});
  CHECK(nt::clamp(vec({1, 5}, DType::Int64), Scalar::from_double(0.5), std::nullopt).dtype() == DType::Float32);
  CHECK(values(nt::logical_not(vec({0, 2}, DType::Int64))) == std::vector<double>{1, 0});
  Tensor sig = nt::unary(vec({0}, DType::Float32), nt::UnaryOp::Sigmoid);
  CHECK(sig.double_at(0) == 0.5);
}

TEST_CASE("elementwise results take their layout from the inputs (TensorIterator)", "[ops][pointwise]") {
  Context c; ContextGuard g(c);
  Tensor x = nt::view(nt::arange(Scalar::from_int(0), Scalar::from_int(6), Scalar::from_int(1), DType::Float32, Device{}), {2, 3});
  Tensor xt = nt::t(x);
  Tensor two = nt::wrap_scalar(Scalar::from_int(2));
  Tensor m = nt::mul(xt, two);
  CHECK(m.strides() == Shape{1, 3});
  CHECK_FALSE(m.is_contiguous());
  CHECK(values(m) == std::vector<double>{0, 6, 2, 8, 4, 10});
  CHECK(nt::unary(xt, nt::UnaryOp::Exp).strides() == Shape{1, 3});
  CHECK(nt::compare(xt, two, nt::CompareOp::Gt).strides() == Shape{1, 3});
  CHECK(nt::add(x, two).strides() == Shape{3, 1});
  CHECK(nt::add(xt, nt::clone(xt)).strides() == Shape{1, 3});   // same dense layout: fast setup keeps it
  CHECK(nt::add(xt, nt::contiguous(xt)).strides() == Shape{1, 3});  // mixed: the first input's order wins
  CHECK(nt::mul(nt::slice(x, 1, 0, std::nullopt, 2), two).strides() == Shape{2, 1});
  Tensor col = nt::view(x, {6, 1}), row = nt::view(x, {1, 6});
  CHECK(nt::add(col, row).strides() == Shape{6, 1});
}
