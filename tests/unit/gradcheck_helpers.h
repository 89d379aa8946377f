// Finite-difference gradient checking for the test_gradcheck_*.cpp files: backward() of
// sum(f(inputs) * fixed weights) against central differences in float64, element by element.
// (test_gradcheck.cpp keeps its own earlier copy of the same helpers.)
#pragma once
#include <catch2/catch.hpp>

#include <functional>
#include <vector>

#include "test_autograd_helpers.h"

namespace tp::testing {

using GradFn = std::function<Tensor(const std::vector<Tensor>&)>;

// A float64 leaf requiring grad with deterministic, non-symmetric values.
inline Tensor dseq(const Shape& sizes, double start = 0.3, double step = 0.37) {
  std::vector<double> v(size_t(shape_numel(sizes)));
  for (size_t i = 0; i < v.size(); ++i) v[i] = start + step * double(i) - 0.11 * double(i % 3);
  return make(v, sizes, true, DType::Float64);
}

inline double gradcheck_weight(size_t i) { return 0.5 + 0.25 * double(i % 5); }

inline double gradcheck_loss(const GradFn& f, const std::vector<Tensor>& in) {
  GradModeGuard off(false);
  std::vector<double> o = values_of(f(in));
  double s = 0;
  for (size_t i = 0; i < o.size(); ++i) s += o[i] * gradcheck_weight(i);
  return s;
}

inline void gradcheck(const GradFn& f, std::vector<Tensor> in, double eps = 1e-6, double tol = 1e-5) {
  Tensor out = f(in);
  REQUIRE(out.requires_grad());
  std::vector<double> w(size_t(out.numel()));
  for (size_t i = 0; i < w.size(); ++i) w[i] = gradcheck_weight(i);
  Tensor loss = sum(mul(out, make(w, out.sizes(), false, out.dtype())), {}, false, std::nullopt);
  backward(loss, Tensor(), std::nullopt, false);
  for (size_t i = 0; i < in.size(); ++i) {
    if (!in[i].impl()->requires_grad) continue;
    Tensor g = get_grad(in[i]);
    REQUIRE(g.defined());
    REQUIRE(g.sizes() == in[i].sizes());
    std::vector<double> analytic = values_of(g);
    for (int64_t k = 0; k < in[i].numel(); ++k) {
      int64_t si = in[i].storage_index_of(k);
      double x0 = in[i].double_at(si);
      in[i].set_at(si, Scalar::from_double(x0 + eps));
      double up = gradcheck_loss(f, in);
      in[i].set_at(si, Scalar::from_double(x0 - eps));
      double down = gradcheck_loss(f, in);
      in[i].set_at(si, Scalar::from_double(x0));
      INFO("input " << i << " element " << k);
      CHECK(analytic[size_t(k)] == Approx((up - down) / (2 * eps)).margin(tol).epsilon(tol));
    }
  }
}

}  // namespace tp::testing
