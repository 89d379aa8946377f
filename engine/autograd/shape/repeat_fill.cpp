// repeat (RepeatBackward0) and masked_fill with a Python number (MaskedFillBackward0) or a 0-dim
// tensor (MaskedFillBackward1), as derivatives.yaml records them: one node each, values from
// primitives run without recording. The in-place masked_fill_ is in inplace.cpp.
#include "autograd/functions.h"
#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "core/context.h"
#include "core/error.h"

namespace tp {

namespace {

// Tiles by viewing each dim as (1, s), expanding to (r, s) and merging the pair.
Tensor repeat_value(const Tensor& self, const Shape& reps) {
  Shape sizes(reps.size() - size_t(self.dim()), 1);
  sizes.insert(sizes.end(), self.sizes().begin(), self.sizes().end());
  Shape pairs, expanded, merged;
  for (size_t i = 0; i < reps.size(); ++i) {
    pairs.push_back(1);
    pairs.push_back(sizes[i]);
    expanded.push_back(reps[i]);
    expanded.push_back(sizes[i]);
    merged.push_back(reps[i] * sizes[i]);
  }
  Tensor c = native::contiguous(self);
  return native::reshape(native::contiguous(native::expand(native::view(c, pairs), expanded)), merged);
}

// FunctionsManual.cpp repeat_backward: sum the leading new dims away, then view each repeated
// dim as (repeat, size) and sum over the repeat dims in one go.
Tensor repeat_backward(Tensor grad, const Shape& reps, const Shape& input_shape) {
  for (int64_t r : reps)
    if (r == 0) return zeros(input_shape, grad.dtype(), grad.device());
  size_t unsqueezed = size_t(grad.dim()) - input_shape.size();
  for (size_t i = 0; i < unsqueezed; ++i) grad = sum(grad, {0}, false, std::nullopt);
  Shape grad_size;
  std::vector<int64_t> sum_dims;
  for (size_t d = 0; d < input_shape.size(); ++d) {
    int64_t r = reps[d + unsqueezed];
    if (r != 1) {
      grad_size.push_back(r);
      sum_dims.push_back(int64_t(grad_size.size()) - 1);
    }
    grad_size.push_back(input_shape[d]);
  }
  if (!sum_dims.empty()) grad = sum(reshape(grad, grad_size), sum_dims, false, std::nullopt);
  return grad;
}

void check_mask(const Tensor& mask) {
  if (mask.dtype() != DType::Bool)
    throw_runtime("masked_fill_ only supports boolean masks, but got mask with dtype " + dtype_short_name(mask.dtype()));
}

// where(mask, value, self) in self's dtype, broadcast with the mask (Indexing.cpp masked_fill).
Tensor masked_fill_value(const Tensor& self, const Tensor& mask, const Tensor& value) {
  GradModeGuard off(false);
  return native::where(mask, native::to(value, self.dtype(), self.device(), false), self);
}

}  // namespace

Tensor repeat(const Tensor& self, const Shape& reps) {
  if (int64_t(reps.size()) < self.dim())
    throw_runtime("Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
  Tensor out = repeat_value(self, reps);
  if (auto n = make_node("RepeatBackward0", {self}, out.dtype())) {
    Shape sizes = self.sizes();
    n->formula = [reps, sizes](const BackwardCtx& c) -> TensorList { return {repeat_backward(c.grad(), reps, sizes)}; };
    set_history(out, n);
  }
  return out;
}

Tensor masked_fill(const Tensor& self, const Tensor& mask, const Scalar& value) {
  check_mask(mask);
  Tensor out = masked_fill_value(self, mask, native::full({}, value, self.dtype(), self.device()));
  if (auto n = make_node("MaskedFillBackward0", {self}, out.dtype())) {
    n->save("mask", mask);
    n->formula = [](const BackwardCtx& c) -> TensorList {
      return {masked_fill(c.grad(), c.get("mask"), Scalar::from_int(0))};  // grad.masked_fill(mask, 0)
    };
    set_history(out, n);
  }
  return out;
}

Tensor masked_fill(const Tensor& self, const Tensor& mask, const Tensor& value) {
  check_mask(mask);
  if (value.dim() != 0)
    throw_runtime("masked_fill_ only supports a 0-dimensional value tensor, but got tensor with " +
                  std::to_string(value.dim()) + " dimension(s).");
  Tensor out = masked_fill_value(self, mask, value);
  if (auto n = make_node("MaskedFillBackward1", {self, value}, out.dtype())) {
    n->save("mask", mask);
    DType value_dtype = value.dtype();
    n->formula = [value_dtype](const BackwardCtx& c) -> TensorList {
      Tensor m = c.get("mask");
      TensorList r(2);
      if (c.needs(0)) r[0] = masked_fill(c.grad(), m, Scalar::from_int(0));  // grad.masked_fill(mask, 0)
      if (c.needs(1)) {  // masked_fill_backward: grad.masked_select(mask).sum()
        Tensor g = sum(masked_select(c.grad(), m), {}, false, std::nullopt);
        r[1] = g.dtype() == value_dtype || !is_floating(value_dtype) ? g : to(g, value_dtype, g.device(), false);
      }
      return r;
    };
    set_history(out, n);
  }
  return out;
}

}  // namespace tp
