// diag_embed / diagflat / block_diag / vander as TensorShape.cpp and LinearAlgebra.cpp build them.
#include "autograd/shape/matrix_builders.h"

#include <algorithm>
#include <string>

#include "autograd/graph.h"
#include "core/context.h"
#include "core/error.h"
#include "ops/pointwise.h"

namespace tp {

namespace {

// Copies src's elements (row-major) into `dst` through the view `dst_view` of it, without touching
// dst's version: the kernel writes into a tensor nobody has seen yet.
void fill_through(const Tensor& dst_view, const Tensor& src, const Tensor& dst) {
  Tensor s = src.dtype() == dst.dtype() ? src : native::to(src, dst.dtype(), src.device(), false);
  for (int64_t i = 0; i < s.numel(); ++i) dst.set_at(dst_view.storage_index_of(i), s.scalar_at(s.storage_index_of(i)));
}

}  // namespace

// TensorShape.cpp diag_embed: zeros with two new dims of size |offset| + self.size(-1); self copied
// onto their offset diagonal. Backward: grad.diagonal(offset, dim1, dim2).
Tensor diag_embed(const Tensor& self, int64_t offset, int64_t dim1_, int64_t dim2_) {
  const int64_t ndims = self.dim() + 1;
  const int64_t dim1 = wrap_dim(dim1_, ndims), dim2 = wrap_dim(dim2_, ndims);
  TP_CHECK(dim1 != dim2, "diagonal dimensions cannot be identical " + std::to_string(dim1_) + ", " + std::to_string(dim2_));
  const int64_t new_dim_len = std::abs(offset) + self.size(-1);
  Shape sizes = self.sizes();
  sizes.pop_back();
  sizes.insert(sizes.begin() + std::min(dim1, dim2), new_dim_len);
  sizes.insert(sizes.begin() + std::max(dim1, dim2), new_dim_len);
  Tensor out = native::zeros(sizes, self.dtype(), self.device());
  fill_through(native::diagonal(out, offset, dim1, dim2), self, out);
  if (auto n = make_node("DiagEmbedBackward0", {self}, out.dtype())) {
    n->formula = [offset, dim1, dim2](const BackwardCtx& c) -> TensorList {
      return {diagonal(c.grad(), offset, dim1, dim2)};  // grad.diagonal(offset, dim1, dim2)
    };
    set_history(out, n);
  }
  return out;
}

// self.contiguous().view(-1).diag(offset): DiagEmbedBackward0 on top.
Tensor diagflat(const Tensor& self, int64_t offset) {
  return diag_embed(view(contiguous(self), {-1}), offset, 0, 1);
}

// TensorShape.cpp block_diag: 0-D / 1-D inputs count as (1, 1) / (1, n); blocks copied along the
// diagonal of zeros in the promoted dtype. Backward: each input's block of grad, in its shape and dtype.
Tensor block_diag(const std::vector<Tensor>& tensors) {
  if (tensors.empty()) return native::empty({1, 0}, ctx().default_dtype, Device{});
  const Device& device = tensors[0].device();
  for (size_t i = 0; i < tensors.size(); ++i)
    TP_CHECK(tensors[i].device() == device,
             "torch.block_diag: input tensors must all be on the same device. Input 0 is on device " + device.str() +
                 " and input " + std::to_string(i) + " is on device " + tensors[i].device().str());
  DType dt = native::result_type_of(tensors);
  int64_t rows = 0, cols = 0;
  std::vector<Tensor> blocks;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const Tensor& t = tensors[i];
    TP_CHECK(t.dim() <= 2, "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input " +
                               std::to_string(i) + " has " + std::to_string(t.dim()) + " dimensions");
    Tensor b = t.dim() == 2 ? t : native::expand(t, {1, t.dim() == 1 ? t.size(0) : 1});
    blocks.push_back(b);
    rows += b.size(0);
    cols += b.size(1);
  }
  Tensor out = native::zeros({rows, cols}, dt, device);
  std::vector<std::pair<int64_t, int64_t>> corners;
  int64_t r = 0, c = 0;
  for (const Tensor& b : blocks) {
    corners.push_back({r, c});
    fill_through(native::slice(native::slice(out, 0, r, r + b.size(0), 1), 1, c, c + b.size(1), 1), b, out);
    r += b.size(0);
    c += b.size(1);
  }
  if (auto n = make_node("BlockDiagBackward0", tensors, out.dtype())) {
    std::vector<Shape> shapes, block_shapes;
    std::vector<DType> dtypes;
    for (size_t i = 0; i < tensors.size(); ++i) {
      shapes.push_back(tensors[i].sizes());
      block_shapes.push_back(blocks[i].sizes());
      dtypes.push_back(tensors[i].dtype());
    }
    n->formula = [shapes, block_shapes, dtypes, corners](const BackwardCtx& ctx_) -> TensorList {
      TensorList grads(shapes.size());
      for (size_t i = 0; i < shapes.size(); ++i) {
        if (!ctx_.needs(i)) continue;
        auto [r0, c0] = corners[i];
        Tensor g = slice(slice(ctx_.grad(), 0, r0, r0 + block_shapes[i][0], 1), 1, c0, c0 + block_shapes[i][1], 1);
        g = reshape(g, shapes[i]);
        grads[i] = g.dtype() == dtypes[i] ? g : to(g, dtypes[i], g.device(), false);
      }
      return grads;
    };
    set_history(out, n);
  }
  return out;
}

// TensorFactories.cpp vander: column 0 filled with ones, x copied into columns 1.., their cumprod copied back (both
// in-place copies into a slice: CopySlices), then flipped unless increasing.
Tensor vander(const Tensor& x, std::optional<int64_t> N, bool increasing) {
  TP_CHECK(x.dim() == 1, "x must be a one-dimensional tensor.");
  int64_t n = x.size(0);
  if (N) {
    n = *N;
    TP_CHECK(n >= 0, "N must be non-negative.");
  }
  DType dt = is_floating(x.dtype()) ? x.dtype() : DType::Int64;  // promote_types(x, Long)
  Tensor result = empty({x.size(0), n}, dt, x.device());
  if (n > 0) fill_(select(result, 1, 0), Scalar::from_int(1));
  if (n > 1) {
    // Note: cumprod saves the slice it reads, which the second copy_ then overwrites, so (as in
    // PyTorch) backward through vander with n > 1 fails the saved-tensor version check.
    copy_(slice(result, 1, 1, std::nullopt, 1), unsqueeze(x, 1));
    copy_(slice(result, 1, 1, std::nullopt, 1), cumprod(slice(result, 1, 1, std::nullopt, 1), 1, std::nullopt));
  }
  return increasing ? result : flip(result, {1});
}

}  // namespace tp
