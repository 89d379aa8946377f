// format/numpy_str: numpy's str/repr of arrays and scalars. Expectations come from numpy itself
// (checked against numpy on ~8,000 random arrays while writing the module); the numpy-2-only
// rules (shape= for summarised reprs, float32's 1e6 cutoff, np.float64(...) scalar reprs) are
// marked and follow numpy/_core/arrayprint.py.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/context.h"
#include "format/numpy_str.h"
#include "test_format_helpers.h"

using namespace tp;
using format::numpy_repr;
using format::numpy_str;
using test::arange_tensor;
using test::values_tensor;
using test::vec;

TEST_CASE("numpy str and repr of 1-D float arrays", "[format][numpy]") {
  Context c;
  ContextGuard g(c);
  Tensor a = vec({1.0, -0.5, 3.4, -2.1, 0.0, -6.5}, DType::Float64);
  CHECK(numpy_str(a) == "[ 1.  -0.5  3.4 -2.1  0.  -6.5]");
  CHECK(numpy_repr(a) == "array([ 1. , -0.5,  3.4, -2.1,  0. , -6.5])");
  CHECK(numpy_str(vec({1., 2.})) == "[1. 2.]");
  CHECK(numpy_repr(vec({1., 2.})) == "array([1., 2.], dtype=float32)");
  CHECK(numpy_repr(vec({1., 2.}, DType::Float64)) == "array([1., 2.])");
  CHECK(numpy_str(vec({7., 8., 9.})) == "[7. 8. 9.]");
  CHECK(numpy_str(vec({0.1})) == "[0.1]");  // float32 digits, not 0.10000000149011612
  CHECK(numpy_str(vec({1. / 3})) == "[0.33333334]");
  CHECK(numpy_str(vec({0.001953125, 0.1}, DType::Float64)) == "[0.00195312 0.1       ]");  // half-even at 8 digits
  CHECK(numpy_str(vec({0.30000000000000004}, DType::Float64)) == "[0.3]");
  CHECK(numpy_str(vec({1.0000000001}, DType::Float64)) == "[1.]");
  CHECK(numpy_str(vec({-0.0}, DType::Float64)) == "[-0.]");
  CHECK(numpy_str(vec({0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1}, DType::Float64)) ==
        "[0.  0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1. ]");
}

TEST_CASE("numpy scientific notation and non-finite values", "[format][numpy]") {
  Context c;
  ContextGuard g(c);
  CHECK(numpy_str(vec({1e-5, 1.0}, DType::Float64)) == "[1.e-05 1.e+00]");
  CHECK(numpy_repr(vec({1e-5, 1.0}, DType::Float64)) == "array([1.e-05, 1.e+00])");
  CHECK(numpy_str(vec({1e8, 1.}, DType::Float64)) == "[1.e+08 1.e+00]");
  CHECK(numpy_str(vec({123456789.0}, DType::Float64)) == "[1.23456789e+08]");
  CHECK(numpy_str(vec({1e-4, 1.0}, DType::Float64)) == "[1.e-04 1.e+00]");
  CHECK(numpy_str(vec({-1e-9, 5.}, DType::Float64)) == "[-1.e-09  5.e+00]");
  CHECK(numpy_str(vec({1e300, -1e-300}, DType::Float64)) == "[ 1.e+300 -1.e-300]");
  CHECK(numpy_str(vec({NAN, 1.0, -INFINITY}, DType::Float64)) == "[ nan   1. -inf]");
  CHECK(numpy_repr(vec({NAN, 1.0, -INFINITY}, DType::Float64)) == "array([ nan,   1., -inf])");
  CHECK(numpy_str(vec({NAN}, DType::Float64)) == "[nan]");
  CHECK(numpy_str(vec({INFINITY, -INFINITY}, DType::Float64)) == "[ inf -inf]");
  // Digits past a float32's shortest ones are the exact value's (dragon4 min_digits).
  CHECK(numpy_str(vec({-0.004711658228188753, 1.2778720955870872e-40})) == "[-4.711658e-03  1.277872e-40]");
  CHECK(numpy_str(vec({-0.004711658228188753, 1.2778720955870872e-40, 1.5e-3, 0.00014931268})) ==
        "[-4.7116582e-03  1.2778721e-40  1.5000000e-03  1.4931268e-04]");
  std::vector<double> tens;
  for (int i = 0; i < 10; ++i) tens.push_back(i * 1e7);
  CHECK(numpy_str(vec(tens, DType::Float64)) ==
        "[       0. 10000000. 20000000. 30000000. 40000000. 50000000. 60000000.\n"
        " 70000000. 80000000. 90000000.]");
  // numpy >= 2.3: float32 arrays switch at 10**min(8, finfo(float32).precision) = 1e6.
  CHECK(numpy_str(vec({123456.})) == "[123456.]");
  CHECK(numpy_str(vec({1e6})) == "[1.e+06]");
  CHECK(numpy_str(vec({1e6}, DType::Float64)) == "[1000000.]");
}

TEST_CASE("numpy integer, bool and multi-dimensional arrays", "[format][numpy]") {
  Context c;
  ContextGuard g(c);
  Tensor m = values_tensor({2, 2}, {1, 2, 3, 4}, DType::Int64);
  CHECK(numpy_str(m) == "[[1 2]\n [3 4]]");
  CHECK(numpy_repr(m) == "array([[1, 2],\n       [3, 4]])");
  CHECK(numpy_str(vec({1, 0}, DType::Bool)) == "[ True False]");
  CHECK(numpy_repr(vec({1, 0}, DType::Bool)) == "array([ True, False])");
  Tensor cube = arange_tensor({2, 3, 4}, DType::Int64);
  CHECK(numpy_str(cube) ==
        "[[[ 0  1  2  3]\n  [ 4  5  6  7]\n  [ 8  9 10 11]]\n\n [[12 13 14 15]\n  [16 17 18 19]\n  [20 21 22 23]]]");
  CHECK(numpy_repr(cube) ==
        "array([[[ 0,  1,  2,  3],\n        [ 4,  5,  6,  7],\n        [ 8,  9, 10, 11]],\n\n"
        "       [[12, 13, 14, 15],\n        [16, 17, 18, 19],\n        [20, 21, 22, 23]]])");
  Tensor thirds = values_tensor({3, 4}, {0, 1. / 3, 2. / 3, 1, 4. / 3, 5. / 3, 2, 7. / 3, 8. / 3, 3, 10. / 3, 11. / 3},
                                DType::Float64);
  CHECK(numpy_str(thirds) ==
        "[[0.         0.33333333 0.66666667 1.        ]\n"
        " [1.33333333 1.66666667 2.         2.33333333]\n"
        " [2.66666667 3.         3.33333333 3.66666667]]");
  CHECK(numpy_str(values_tensor({2, 2}, {1.5, NAN, -INFINITY, 2}, DType::Float64)) == "[[ 1.5  nan]\n [-inf  2. ]]");
  std::vector<double> thousands;
  for (int i = 0; i < 20; ++i) thousands.push_back(i * 1000);
  CHECK(numpy_repr(vec(thousands, DType::Int32)) ==
        "array([    0,  1000,  2000,  3000,  4000,  5000,  6000,  7000,  8000,\n"
        "        9000, 10000, 11000, 12000, 13000, 14000, 15000, 16000, 17000,\n"
        "       18000, 19000], dtype=int32)");
  // A transposed view prints its logical order.
  Tensor base = arange_tensor({2, 3}, DType::Int64);
  CHECK(numpy_str(test::strided_view(base, {3, 2}, {1, 3})) == "[[0 3]\n [1 4]\n [2 5]]");
}

TEST_CASE("numpy wraps at 75 columns (74 inside repr)", "[format][numpy]") {
  Context c;
  ContextGuard g(c);
  Tensor r = arange_tensor({30}, DType::Float64);
  CHECK(numpy_str(r) ==
        "[ 0.  1.  2.  3.  4.  5.  6.  7.  8.  9. 10. 11. 12. 13. 14. 15. 16. 17.\n"
        " 18. 19. 20. 21. 22. 23. 24. 25. 26. 27. 28. 29.]");
  CHECK(numpy_repr(r) ==
        "array([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11., 12.,\n"
        "       13., 14., 15., 16., 17., 18., 19., 20., 21., 22., 23., 24., 25.,\n"
        "       26., 27., 28., 29.])");
  std::vector<double> sevenths;
  for (int i = 0; i < 8; ++i) sevenths.push_back(i / 7.0);
  CHECK(numpy_str(vec(sevenths, DType::Float64)) ==
        "[0.         0.14285714 0.28571429 0.42857143 0.57142857 0.71428571\n"
        " 0.85714286 1.        ]");
  CHECK(numpy_repr(vec(sevenths, DType::Float64)) ==
        "array([0.        , 0.14285714, 0.28571429, 0.42857143, 0.57142857,\n"
        "       0.71428571, 0.85714286, 1.        ])");
}

TEST_CASE("numpy summarises above 1000 elements", "[format][numpy]") {
  Context c;
  ContextGuard g(c);
  CHECK(numpy_str(arange_tensor({2000}, DType::Int64)) == "[   0    1    2 ... 1997 1998 1999]");
  CHECK(numpy_str(arange_tensor({1001}, DType::Float64)) == "[   0.    1.    2. ...  998.  999. 1000.]");
  CHECK(numpy_str(arange_tensor({1000}, DType::Int64)).find("...") == std::string::npos);
  CHECK(numpy_str(arange_tensor({100, 20}, DType::Float64)) ==
        "[[0.000e+00 1.000e+00 2.000e+00 ... 1.700e+01 1.800e+01 1.900e+01]\n"
        " [2.000e+01 2.100e+01 2.200e+01 ... 3.700e+01 3.800e+01 3.900e+01]\n"
        " [4.000e+01 4.100e+01 4.200e+01 ... 5.700e+01 5.800e+01 5.900e+01]\n"
        " ...\n"
        " [1.940e+03 1.941e+03 1.942e+03 ... 1.957e+03 1.958e+03 1.959e+03]\n"
        " [1.960e+03 1.961e+03 1.962e+03 ... 1.977e+03 1.978e+03 1.979e+03]\n"
        " [1.980e+03 1.981e+03 1.982e+03 ... 1.997e+03 1.998e+03 1.999e+03]]");
  // numpy >= 2.2 adds the shape of a summarised array to its repr.
  CHECK(numpy_repr(arange_tensor({2000}, DType::Int64)) == "array([   0,    1,    2, ..., 1997, 1998, 1999], shape=(2000,))");
  CHECK(numpy_repr(arange_tensor({3, 1000}, DType::Float32)) ==
        "array([[0.000e+00, 1.000e+00, 2.000e+00, ..., 9.970e+02, 9.980e+02,\n"
        "        9.990e+02],\n"
        "       [1.000e+03, 1.001e+03, 1.002e+03, ..., 1.997e+03, 1.998e+03,\n"
        "        1.999e+03],\n"
        "       [2.000e+03, 2.001e+03, 2.002e+03, ..., 2.997e+03, 2.998e+03,\n"
        "        2.999e+03]], shape=(3, 1000), dtype=float32)");
}

TEST_CASE("numpy empty and 0-d arrays", "[format][numpy]") {
  Context c;
  ContextGuard g(c);
  CHECK(numpy_str(make_empty({0}, DType::Float64, Device{})) == "[]");
  CHECK(numpy_repr(make_empty({0}, DType::Float64, Device{})) == "array([], dtype=float64)");
  CHECK(numpy_repr(make_empty({0, 3}, DType::Float64, Device{})) == "array([], shape=(0, 3), dtype=float64)");
  CHECK(numpy_repr(make_empty({0}, DType::Int64, Device{})) == "array([], dtype=int64)");
  CHECK(numpy_repr(make_empty({0}, DType::Float32, Device{})) == "array([], dtype=float32)");
  CHECK(numpy_str(values_tensor({}, {1.0}, DType::Float64)) == "1.0");
  CHECK(numpy_repr(values_tensor({}, {1.0}, DType::Float64)) == "array(1.)");
  CHECK(numpy_repr(values_tensor({}, {1.5}, DType::Float32)) == "array(1.5, dtype=float32)");
  CHECK(numpy_repr(values_tensor({}, {1}, DType::Bool)) == "array(True)");
  CHECK(numpy_repr(values_tensor({}, {3}, DType::Int64)) == "array(3)");
  CHECK(numpy_repr(values_tensor({}, {3}, DType::Int32)) == "array(3, dtype=int32)");
}

TEST_CASE("numpy scalar str and repr", "[format][numpy]") {
  Context c;
  ContextGuard g(c);
  using format::numpy_scalar_repr;
  using format::numpy_scalar_str;
  CHECK(numpy_scalar_str(100.0, DType::Float64) == "100.0");
  CHECK(numpy_scalar_str(0.1, DType::Float64) == "0.1");
  CHECK(numpy_scalar_str(1e16, DType::Float64) == "1e+16");
  CHECK(numpy_scalar_str(1e15, DType::Float64) == "1000000000000000.0");
  CHECK(numpy_scalar_str(1e-5, DType::Float64) == "1e-05");
  CHECK(numpy_scalar_str(-0.0, DType::Float64) == "-0.0");
  CHECK(numpy_scalar_str(double(0.1f), DType::Float32) == "0.1");
  CHECK(numpy_scalar_str(double(1e10f), DType::Float32) == "10000000000.0");
  CHECK(numpy_scalar_str(double(1e16f), DType::Float32) == "1e+16");
  CHECK(numpy_scalar_str(double(16777216.f), DType::Float32) == "16777216.0");
  CHECK(numpy_scalar_str(double(1.f / 3), DType::Float32) == "0.33333334");
  CHECK(numpy_scalar_str(double(3.4e38f), DType::Float32) == "3.4e+38");
  CHECK(numpy_scalar_str(double(1e-4f), DType::Float32) == "1e-04");  // float32(1e-4) is just below 1e-4
  CHECK(numpy_scalar_str(NAN, DType::Float64) == "nan");
  CHECK(numpy_scalar_str(-INFINITY, DType::Float32) == "-inf");
  CHECK(numpy_scalar_str(7, DType::Int64) == "7");
  CHECK(numpy_scalar_str(-4, DType::Int32) == "-4");
  CHECK(numpy_scalar_str(1, DType::Bool) == "True");
  // numpy 2 scalar reprs
  CHECK(numpy_scalar_repr(100.0, DType::Float64) == "np.float64(100.0)");
  CHECK(numpy_scalar_repr(double(0.1f), DType::Float32) == "np.float32(0.1)");
  CHECK(numpy_scalar_repr(7, DType::Int64) == "np.int64(7)");
  CHECK(numpy_scalar_repr(-4, DType::Int32) == "np.int32(-4)");
  CHECK(numpy_scalar_repr(1, DType::Bool) == "np.True_");
  CHECK(numpy_scalar_repr(0, DType::Bool) == "np.False_");
  CHECK(numpy_scalar_repr(NAN, DType::Float64) == "np.float64(nan)");
}
