// torch.normal's overloads composed from normal_ as DistributionTemplates.h normal_impl does, and
// bernoulli with a probability tensor (the serial, machine-independent CPU kernel):
// autograd/math/random.cpp (bernoulli_ lives with the other in-place ops in autograd/inplace.cpp).
#pragma once
#include "autograd/functions.h"

namespace tp {

Tensor normal(const Tensor& mean, double std);         // NormalBackward1
Tensor normal(double mean, const Tensor& std);         // NormalBackward2
Tensor normal(const Tensor& mean, const Tensor& std);  // NormalBackward3
Tensor bernoulli(const Tensor& p);                     // BernoulliBackward0; result in p's dtype
Tensor bernoulli_(const Tensor& self, const Tensor& p);  // BernoulliBackward1

}  // namespace tp
