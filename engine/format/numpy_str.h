// numpy's str() and repr() of arrays and scalars as numpy 2.x prints them with default options
// (numpy/_core/arrayprint.py): dragon4 shortest digits, precision 8 'maxprec', aligned decimal
// points, 75 columns, summarised above 1000 elements.
#pragma once
#include <string>

#include "core/tensor.h"

namespace tp::format {

std::string numpy_str(const Tensor& a);   // print(a): [ 1.  -0.5  3.4]
std::string numpy_repr(const Tensor& a);  // repr(a):  array([ 1. , -0.5,  3.4])
// str() of the numpy scalar a[i] reads (print(a[0]) -> 100.0, 7, True); float32 uses float32 digits.
std::string numpy_scalar_str(double v, DType dtype);
// repr() of that scalar in numpy 2: np.float64(100.0), np.float32(0.1), np.int64(7), np.True_
std::string numpy_scalar_repr(double v, DType dtype);
// Shortest decimal that round-trips through the dtype, "%.{p}g" style (float32 digits for float32).
std::string shortest_repr_digits(double v, DType dtype);

}  // namespace tp::format
