// float32 exp, one algorithm on every build (Note [float32 exp] in exp_float.cpp).
#pragma once
#include <cstdint>

namespace tp::native {

float exp_float(float x);
// out[i] = exp_float(x[i]) for i < n, vectorised where the inputs allow; out may be x.
void exp_float_array(const float* x, float* out, int64_t n);

}  // namespace tp::native
