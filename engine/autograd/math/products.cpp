// kron, vdot, linalg.multi_dot and addr (LinearAlgebra.cpp, Blas.cpp), with their derivatives from
// derivatives.yaml where they have their own node.
#include <limits>
#include <string>

#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "autograd/math/products.h"
#include "core/error.h"

namespace tp {

namespace {

// FunctionsManual.cpp maybe_multiply: t itself when s == 1, else t * s.
Tensor maybe_multiply(const Tensor& t, const Scalar& s) {
  bool one = s.is_float() ? s.to_double() == 1.0 : s.to_int() == 1;
  return one ? t : mul(t, native::wrap_scalar(s));
}

}  // namespace

// KronImpl: self viewed as (s0, 1, s1, 1, ...), other as (1, o0, 1, o1, ...) (ranks padded on the
// left with 1s), multiplied, and the product viewed as (s0*o0, s1*o1, ...).
Tensor kron(const Tensor& self, const Tensor& other) {
  const int64_t maxdim = std::max(self.dim(), other.dim());
  const int64_t pad_self = maxdim - self.dim(), pad_other = maxdim - other.dim();
  Shape a_reshape(static_cast<size_t>(2 * maxdim)), b_reshape(static_cast<size_t>(2 * maxdim));
  Shape result_reshape(static_cast<size_t>(maxdim));
  for (int64_t i = 0; i < maxdim; ++i) {
    a_reshape[size_t(2 * i)] = i >= pad_self ? self.size(i - pad_self) : 1;
    a_reshape[size_t(2 * i + 1)] = 1;
    b_reshape[size_t(2 * i)] = 1;
    b_reshape[size_t(2 * i + 1)] = i >= pad_other ? other.size(i - pad_other) : 1;
    result_reshape[size_t(i)] = a_reshape[size_t(2 * i)] * b_reshape[size_t(2 * i + 1)];
  }
  return unsafe_view(mul(unsafe_view(self, a_reshape), unsafe_view(other, b_reshape)), result_reshape);
}

// Blas.cpp vdot: real inputs are at::dot below the autograd layer, so the node is VdotBackward0.
Tensor vdot(const Tensor& self, const Tensor& other) {
  Tensor out = native::dot(self, other);
  if (auto n = make_node("VdotBackward0", {self, other}, out.dtype())) {
    if (n->should_compute_output(0)) n->save("other", other);
    if (n->should_compute_output(1)) n->save("self", self);
    n->formula = [](const BackwardCtx& c) -> TensorList {
      return {c.needs(0) ? mul(c.grad(), c.get("other")) : Tensor(),  // self: grad.conj() * other
              c.needs(1) ? mul(c.grad(), c.get("self")) : Tensor()};  // other: grad * self
    };
    set_history(out, n);
  }
  return out;
}

namespace {

// matrix_chain_order: s[i][j] = where to split tensors i..j (CLRS 15.2, cost p*q*r).
std::vector<std::vector<int64_t>> matrix_chain_order(const std::vector<Tensor>& tensors) {
  const size_t n = tensors.size();
  std::vector<int64_t> p(n + 1);
  for (size_t i = 0; i < n; ++i) p[i] = tensors[i].size(0);
  p[n] = tensors[n - 1].size(1);
  std::vector<std::vector<int64_t>> m(n, std::vector<int64_t>(n, 0)), s(n, std::vector<int64_t>(n, 0));
  for (size_t l = 1; l < n; ++l)
    for (size_t i = 0; i < n - l; ++i) {
      const size_t j = i + l;
      m[i][j] = std::numeric_limits<int64_t>::max();
      for (size_t k = i; k < j; ++k) {
        const int64_t q = m[i][k] + m[k + 1][j] + p[i] * p[k + 1] * p[j + 1];
        if (q < m[i][j]) {
          m[i][j] = q;
          s[i][j] = int64_t(k);
        }
      }
    }
  return s;
}

Tensor chain_multiplication(const std::vector<Tensor>& ts, const std::vector<std::vector<int64_t>>& order, int64_t i,
                            int64_t j) {
  if (i == j) return ts[size_t(i)];
  const int64_t k = order[size_t(i)][size_t(j)];
  return mm(chain_multiplication(ts, order, i, k), chain_multiplication(ts, order, k + 1, j));
}

}  // namespace

// LinearAlgebra.cpp multi_dot_impl (no out=). Its dtype message prints caffe2::TypeMeta names ("float").
Tensor multi_dot(const std::vector<Tensor>& in) {
  const size_t n = in.size();
  TP_CHECK(n >= 2, "multi_dot(): expected at least 2 tensors but got " + std::to_string(n));
  Shape out_shape;
  std::vector<Tensor> ts(n);
  if (in[0].dim() == 1) {
    ts[0] = unsqueeze(in[0], 0);
  } else {
    TP_CHECK(in[0].dim() == 2,
             "multi_dot(): the first tensor must be 1D or 2D but got " + std::to_string(in[0].dim()) + "D");
    ts[0] = in[0];
    out_shape.push_back(ts[0].size(0));
  }
  if (in[n - 1].dim() == 1) {
    ts[n - 1] = unsqueeze(in[n - 1], -1);
  } else {
    TP_CHECK(in[n - 1].dim() == 2,
             "multi_dot(): the last tensor must be 1D or 2D but got " + std::to_string(in[n - 1].dim()) + "D");
    ts[n - 1] = in[n - 1];
    out_shape.push_back(ts[n - 1].size(1));
  }
  for (size_t i = 1; i + 1 < n; ++i) {
    TP_CHECK(in[i].dim() == 2, "multi_dot(): tensor " + std::to_string(i) + " must be 2D but got " +
                                   std::to_string(in[i].dim()) + "D");
    ts[i] = in[i];
  }
  for (size_t i = 1; i < n; ++i) {
    TP_CHECK(ts[i].dtype() == ts[0].dtype(), "multi_dot(): all tensors must have be the same dtype but tensor 0 is " +
                                                 c_type_name(ts[0].dtype()) + " and tensor " + std::to_string(i) +
                                                 " " + c_type_name(ts[i].dtype()));
    TP_CHECK(ts[i].device() == ts[0].device(), "multi_dot(): all tensors must be on the same device but tensor 0 is on " +
                                                   ts[0].device().str() + " and tensor " + std::to_string(i) +
                                                   " on " + ts[i].device().str());
    TP_CHECK(ts[i - 1].size(-1) == ts[i].size(0), "multi_dot(): tensors " + std::to_string(i - 1) + " and " +
                                                      std::to_string(i) + " with shapes " +
                                                      shape_str(in[i - 1].sizes()) + " and " +
                                                      shape_str(in[i].sizes()) + " cannot be multiplied");
  }
  if (n == 2) return view(mm(ts[0], ts[1]), out_shape);
  if (n == 3) {
    const int64_t a = ts[0].size(0), b = ts[1].size(0), c = ts[2].size(0), d = ts[2].size(1);
    const int64_t cost_1 = (a * c) * (b + d), cost_2 = (b * d) * (a + c);
    if (cost_1 > cost_2) return view(mm(ts[0], mm(ts[1], ts[2])), out_shape);
    return view(mm(mm(ts[0], ts[1]), ts[2]), out_shape);
  }
  return view(chain_multiplication(ts, matrix_chain_order(ts), 0, int64_t(n) - 1), out_shape);
}

Tensor addr(const Tensor& self, const Tensor& vec1, const Tensor& vec2, const Scalar& beta, const Scalar& alpha) {
  Tensor out = native::addr(self, vec1, vec2, beta, alpha);
  if (auto n = make_node("AddrBackward0", {self, vec1, vec2}, out.dtype())) {
    if (n->should_compute_output(1)) n->save("vec2", vec2);
    if (n->should_compute_output(2)) n->save("vec1", vec1);
    n->formula = [beta, alpha](const BackwardCtx& c) -> TensorList {
      return {c.needs(0) ? maybe_multiply(c.grad(), beta) : Tensor(),                            // self: grad * beta
              c.needs(1) ? maybe_multiply(mv(c.grad(), c.get("vec2")), alpha) : Tensor(),        // vec1: grad.mv(vec2) * alpha
              c.needs(2) ? maybe_multiply(mv(t(c.grad()), c.get("vec1")), alpha) : Tensor()};    // vec2: grad.t().mv(vec1) * alpha
    };
    set_history(out, n);
  }
  return out;
}

}  // namespace tp
