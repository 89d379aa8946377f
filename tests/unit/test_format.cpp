// format/: tensor repr (examples from PyTorch's test_print and the reference) and numpy printing.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/context.h"
#include "format/numpy_str.h"
#include "format/tensor_str.h"
#include "ops/native.h"

using namespace tp;

namespace {
Tensor vec(std::vector<double> v, DType d = DType::Float32) {
  std::vector<Scalar> s;
  for (double x : v) s.push_back(is_floating(d) ? Scalar::from_double(x) : Scalar::from_int(int64_t(x)));
  return native::from_scalars(s, {int64_t(v.size())}, d, Device{});
}
std::string repr(const Tensor& t, std::string grad_fn = "", bool requires_grad = false) {
  format::TensorReprExtras e;
  e.grad_fn_name = grad_fn;
  e.requires_grad = requires_grad;
  return format::tensor_repr(t, e);
}
}  // namespace

TEST_CASE("tensor repr chooses int, fixed and scientific modes like _Formatter", "[format]") {
  Context c;
  ContextGuard g(c);
  CHECK(repr(vec({1e28, 1e-28})) == "tensor([1.0000e+28, 1.0000e-28])");
  CHECK(repr(vec({1, -2}, DType::Int64)) == "tensor([ 1, -2])");
  CHECK(repr(vec({4, INFINITY, 1.5, -INFINITY, 0, NAN, 1})) ==
        "tensor([4.0000,    inf, 1.5000,   -inf, 0.0000,    nan, 1.0000])");
  CHECK(repr(vec({123456789.})) == "tensor([1.2346e+08])");
  CHECK(repr(vec({0.01, 11})) == "tensor([1.0000e-02, 1.1000e+01])");
  CHECK(repr(vec({1, 1010}, DType::Int64)) == "tensor([   1, 1010])");
  CHECK(repr(vec({1., 1000.})) == "tensor([   1., 1000.])");
  CHECK(repr(vec({1., 1010.})) == "tensor([1.0000e+00, 1.0100e+03])");
  CHECK(repr(vec({-0.})) == "tensor([-0.])");
  CHECK(repr(vec({0.1, 20.})) == "tensor([ 0.1000, 20.0000])");
  CHECK(repr(vec({1., 2.}, DType::Float64)) == "tensor([1., 2.], dtype=torch.float64)");
  CHECK(repr(vec({1, 2, 3}, DType::Int32)) == "tensor([1, 2, 3], dtype=torch.int32)");
  CHECK(repr(native::full({}, Scalar::from_double(2.5), DType::Float32, Device{})) == "tensor(2.5000)");
  CHECK(repr(native::full({}, Scalar::from_double(2e-5), DType::Float32, Device{})) == "tensor(2.0000e-05)");
}

TEST_CASE("tensor repr of empty, bool, device and grad suffixes", "[format]") {
  Context c;
  ContextGuard g(c);
  CHECK(repr(native::zeros({0, 3}, DType::Float32, Device{})) == "tensor([], size=(0, 3))");
  CHECK(repr(native::zeros({0}, DType::Int64, Device{})) == "tensor([], dtype=torch.int64)");
  CHECK(repr(vec({1, 0}, DType::Bool)) == "tensor([ True, False])");
  Device cuda{Device::Type::CUDA, 0};
  CHECK(repr(native::ones({2}, DType::Float32, cuda)) == "tensor([1., 1.], device='cuda:0')");
  CHECK(repr(vec({123.}), "", true) == "tensor([123.], requires_grad=True)");
  CHECK(repr(vec({2., 4., 6.}), "MulBackward0") == "tensor([2., 4., 6.], grad_fn=<MulBackward0>)");
}

TEST_CASE("tensor repr wraps at 80 columns and summarises above 1000 elements", "[format]") {
  Context c;
  ContextGuard g(c);
  Tensor r = native::arange(Scalar::from_int(0), Scalar::from_double(30.), Scalar::from_int(1), std::nullopt, Device{});
  CHECK(repr(r) ==
        "tensor([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11., 12., 13.,\n"
        "        14., 15., 16., 17., 18., 19., 20., 21., 22., 23., 24., 25., 26., 27.,\n"
        "        28., 29.])");
  CHECK(repr(native::zeros({10000}, DType::Float32, Device{})) == "tensor([0., 0., 0.,  ..., 0., 0., 0.])");
  Tensor big = native::arange(Scalar::from_int(0), Scalar::from_int(2000), Scalar::from_int(1), std::nullopt, Device{});
  CHECK(repr(big) == "tensor([   0,    1,    2,  ..., 1997, 1998, 1999])");
  Tensor cube = native::view(native::arange(Scalar::from_int(0), Scalar::from_int(8), Scalar::from_int(1), std::nullopt, Device{}), {2, 2, 2});
  CHECK(repr(cube) == "tensor([[[0, 1],\n         [2, 3]],\n\n        [[4, 5],\n         [6, 7]]])");
  std::vector<double> denorm = {0, 1e-323 / 1.0000000000000001, 1e-322, 1e307, 1e308, INFINITY};
  denorm[1] = 9.8813129168249309e-324;
  denorm[2] = 9.8813129168249309e-323;
  CHECK(repr(vec(denorm, DType::Float64)) ==
        "tensor([ 0.0000e+00, 9.8813e-324, 9.8813e-323, 1.0000e+307, 1.0000e+308,\n"
        "                inf], dtype=torch.float64)");
}

TEST_CASE("numpy printing aligns decimal points and trims digits", "[format][numpy]") {
  Context c;
  ContextGuard g(c);
  CHECK(format::numpy_str(vec({1.0, -0.5, 3.4, -2.1, 0.0, -6.5}, DType::Float64)) == "[ 1.  -0.5  3.4 -2.1  0.  -6.5]");
  CHECK(format::numpy_str(vec({1, 2})) == "[1. 2.]");
  CHECK(format::numpy_str(vec({0.1}, DType::Float32)) == "[0.1]");
  CHECK(format::numpy_repr(vec({1.0, -0.5}, DType::Float64)) == "array([ 1. , -0.5])");
  CHECK(format::numpy_repr(vec({1, 2})) == "array([1., 2.], dtype=float32)");
  CHECK(format::numpy_str(native::view(vec({1, 2, 3, 4}, DType::Int64), {2, 2})) == "[[1 2]\n [3 4]]");
  CHECK(format::numpy_str(vec({1e-5, 1.0}, DType::Float64)) == "[1.e-05 1.e+00]");
  CHECK(format::numpy_str(vec({1, 0}, DType::Bool)) == "[ True False]");
}
