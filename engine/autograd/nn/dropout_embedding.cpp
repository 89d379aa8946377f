// F.dropout (aten/src/ATen/native/Dropout.cpp _dropout_impl) and F.embedding (Embedding.cpp) with
// EmbeddingBackward0 (embedding_dense_backward_cpu).
#include <string>

#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "autograd/nn_functions.h"
#include "core/error.h"

namespace tp {

// Note [Dropout masks]: on CPU, dropout's mask is `empty_like(input).bernoulli_(1 - p)`, and
// bernoulli_ with a float p draws from Intel MKL's VSL_BRNG_MCG31 stream (seeded with one draw of
// the mt19937 generator) when PyTorch is built with MKL and runs on an Intel CPU, and from the
// mt19937 generator itself otherwise (AMD, ARM) — see bernoulli_scalar_kernel in
// aten/src/ATen/native/cpu/DistributionKernels.cpp. So PyTorch's own masks after
// torch.manual_seed differ between machines, and no single stream is "PyTorch's". We refuse rather
// than print a mask that would not match; the deterministic cases (eval, p = 0, p = 1) run exactly.
Tensor dropout(const Tensor& input, double p, bool training) {
  if (p < 0 || p > 1) {
    std::string ps = std::to_string(p);
    throw_runtime("dropout probability has to be between 0 and 1, but got " + ps);
  }
  if (p == 0 || !training || input.numel() == 0) return input;
  if (p == 1) return mul(input, zeros({}, input.dtype(), input.device()));
  throw TorchError("NotImplementedError",
                   "tensorplay cannot reproduce PyTorch's random dropout masks (on CPU they come from "
                   "bernoulli_, whose stream depends on the machine: Intel MKL's generator on Intel CPUs, "
                   "mt19937 elsewhere). Call model.eval() (or pass training=False) to run dropout as the "
                   "identity.");
}

Tensor embedding(const Tensor& weight, const Tensor& indices, int64_t padding_idx) {
  TP_CHECK(weight.dim() == 2, "'weight' must be 2-D");
  TP_CHECK(indices.dtype() == DType::Int64 || indices.dtype() == DType::Int32,
           "Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got "
           "torch." + legacy_type_name(indices.dtype()) + " instead (while checking arguments for embedding)");
  Tensor flat = native::reshape(native::to(indices, DType::Int64, indices.device(), false), {-1});
  Shape out_sizes = indices.sizes();
  out_sizes.push_back(weight.size(1));
  Tensor out = native::reshape(native::index_select(weight, 0, flat), out_sizes);
  if (auto n = make_node("EmbeddingBackward0", {weight}, out.dtype())) {
    n->save("indices", indices);
    int64_t rows = weight.size(0), dim = weight.size(1);
    n->formula = [rows, dim, padding_idx](const BackwardCtx& c) -> TensorList {
      // embedding_dense_backward: grad_weight[indices[i]] += grad[i], rows at padding_idx stay 0
      std::vector<double> idx = values_of(c.get("indices")), g = values_of(c.grad());
      std::vector<double> r(size_t(rows * dim), 0.0);
      bool single = c.grad().dtype() == DType::Float32;
      for (size_t i = 0; i < idx.size(); ++i) {
        int64_t k = int64_t(idx[i]);
        if (k == padding_idx) continue;
        for (int64_t j = 0; j < dim; ++j) {
          double& acc = r[size_t(k * dim + j)];
          acc += g[i * size_t(dim) + size_t(j)];
          if (single) acc = double(float(acc));  // float32 accumulates in float32
        }
      }
      return {tensor_from_values(r, {rows, dim}, c.grad().dtype(), c.grad().device())};
    };
    set_history(out, n);
  }
  return out;
}

}  // namespace tp
