// numpy's str() and repr() of arrays (numpy/_core/arrayprint.py with default options): shortest
// round-trip digits (dragon4, precision 8, floatmode 'maxprec'), aligned decimal points, 75 columns.
#pragma once
#include <string>

#include "core/tensor.h"

namespace tp::format {

std::string numpy_str(const Tensor& a);   // print(a): [ 1.  -0.5  3.4]
std::string numpy_repr(const Tensor& a);  // repr(a):  array([ 1. , -0.5,  3.4])
// One element as numpy's str of a scalar (print(a[0]) -> 100.0, 7, True).
std::string numpy_scalar_str(double v, DType dtype);
// Shortest decimal that round-trips through the dtype (float32 digits for float32), "%.{p}g" style.
std::string shortest_repr_digits(double v, DType dtype);

}  // namespace tp::format
