// Shape ops built on the view and repeat primitives (movedim, tile, outer: no node of their own,
// as in PyTorch where they are composite) and the copying triangle/diagonal ops with their nodes:
// tril / triu (TrilBackward0 / TriuBackward0) and torch.diag, which PyTorch 2.x decomposes into
// diag_embed (1-D input, DiagEmbedBackward0) or diagonal_copy (2-D input; view-copy ops reuse the
// view's formula under the name "<view node>_copy": DiagonalBackward0_copy).
#include "autograd/functions.h"
#include "autograd/graph.h"
#include "core/context.h"
#include "core/error.h"

namespace tp {

namespace {

Tensor record_unary(const Tensor& self, Tensor out, const char* name, Formula formula) {
  if (auto n = make_node(name, {self}, out.dtype())) {
    n->formula = std::move(formula);
    set_history(out, n);
  }
  return out;
}

// LinearAlgebra.cpp check_1d.
void check_1d(const Tensor& t, const char* arg, const char* fn) {
  if (t.dim() != 1)
    throw_runtime(std::string(fn) + ": Expected 1-D argument " + arg + ", but got " + std::to_string(t.dim()) + "-D");
}

}  // namespace

Tensor movedim(const Tensor& self, const Shape& source, const Shape& destination) {
  Shape order = native::movedim_order(self, source, destination);
  return self.dim() == 0 ? alias(self) : permute(self, order);
}

// numpy.tile's rule: fewer reps than dims are padded with leading 1s, then it is repeat.
Tensor tile(const Tensor& self, const Shape& reps) {
  Shape padded(size_t(std::max<int64_t>(self.dim() - int64_t(reps.size()), 0)), 1);
  padded.insert(padded.end(), reps.begin(), reps.end());
  return repeat(self, padded);
}

Tensor tril(const Tensor& self, int64_t k) {
  return record_unary(self, native::tril(self, k), "TrilBackward0",
                      [k](const BackwardCtx& c) -> TensorList { return {tril(c.grad(), k)}; });  // grad.tril(k)
}

Tensor triu(const Tensor& self, int64_t k) {
  return record_unary(self, native::triu(self, k), "TriuBackward0",
                      [k](const BackwardCtx& c) -> TensorList { return {triu(c.grad(), k)}; });  // grad.triu(k)
}

Tensor diag(const Tensor& self, int64_t offset) {
  native::check_diag_dims(self);
  if (self.dim() == 1)  // grad.diagonal(offset, -2, -1)
    return record_unary(self, native::diag_embed(self, offset), "DiagEmbedBackward0",
                        [offset](const BackwardCtx& c) -> TensorList { return {diagonal(c.grad(), offset, 0, 1)}; });
  Shape sizes = self.sizes();
  return record_unary(self, native::diagonal_copy(self, offset, 0, 1), "DiagonalBackward0_copy",
                      [sizes, offset](const BackwardCtx& c) -> TensorList {
                        // diagonal_backward: zeros(self) with the gradient on the diagonal
                        Tensor z = zeros(sizes, c.grad().dtype(), c.grad().device());
                        native::copy_(native::diagonal(z, offset, 0, 1), c.grad());
                        return {z};
                      });
}

Tensor outer(const Tensor& self, const Tensor& vec2) {
  check_1d(self, "self", "outer");
  check_1d(vec2, "vec2", "outer");
  return mul(reshape(self, {self.size(0), 1}), vec2);
}

}  // namespace tp
