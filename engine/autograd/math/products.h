// Contractions and products built from the differentiable primitives (Linear.cpp, LinearAlgebra.cpp):
// einsum / tensordot / inner are composites (their grad_fn is that of the last primitive they call),
// kron ends in _unsafe_view, vdot and addr record their own nodes (derivatives.yaml).
// autograd/math/einsum.cpp and autograd/math/products.cpp.
#pragma once
#include <string>
#include <vector>

#include "autograd/functions.h"

namespace tp {

// Linear.cpp einsum without a contraction path (opt_einsum absent): operands contracted left to right
// through sumproduct_pair (permute / reshape / bmm), diagonals for repeated labels, sums for labels
// seen by one operand only.
Tensor einsum(const std::string& equation, const std::vector<Tensor>& operands);
// Linear.cpp tensordot: broadcast dims summed first, then permute + reshape + mm + reshape.
Tensor tensordot(const Tensor& a, const Tensor& b, const std::vector<int64_t>& dims_a,
                 const std::vector<int64_t>& dims_b);
// LinearAlgebra.cpp inner: a 0-dim operand multiplies; else tensordot over the last dims.
Tensor inner(const Tensor& a, const Tensor& b);
// LinearAlgebra.cpp kron: _unsafe_view(mul(interleaved views), result shape): UnsafeViewBackward0.
Tensor kron(const Tensor& a, const Tensor& b);
// vdot of real tensors is dot's value under its own node, VdotBackward0.
Tensor vdot(const Tensor& a, const Tensor& b);
// linalg.multi_dot: 1-D ends become row / column vectors; mm in the cheapest order; view back.
Tensor multi_dot(const std::vector<Tensor>& tensors);
// addr: beta * self + alpha * outer(vec1, vec2) with TensorIterator promotion (AddrBackward0).
Tensor addr(const Tensor& self, const Tensor& vec1, const Tensor& vec2, const Scalar& beta, const Scalar& alpha);
Tensor addr_(const Tensor& self, const Tensor& vec1, const Tensor& vec2, const Scalar& beta, const Scalar& alpha);

// _unsafe_view (autograd/math/linalg.cpp): a reshape that is not a view of its input (UnsafeViewBackward0).
Tensor unsafe_view(const Tensor& self, const Shape& sizes);

}  // namespace tp
