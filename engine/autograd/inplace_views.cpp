// In-place view ops (t_, transpose_, squeeze_, unsqueeze_; swapdims_ / swapaxes_ are transpose_).
// They go through check_inplace like any in-place op, but PyTorch records them with set_history,
// not rebase_history (gen_variable_type.py: "rebase" only when the op is not a view op), so a view
// keeps its base untouched: no CopySlices, the tensor's own grad_fn becomes the op's node, whose
// single edge is the tensor's previous history. Names from derivatives.yaml, where the in-place
// entries follow the out-of-place ones: TBackward1, TransposeBackward1, SqueezeBackward3/4/5,
// UnsqueezeBackward1.
#include "autograd/copy_slices.h"
#include "autograd/functions.h"
#include "autograd/graph.h"
#include "core/context.h"

namespace tp {

namespace {

Tensor inplace_view(const Tensor& self, const char* name, Formula formula, const Callable<void()>& restride) {
  bool rg = is_floating(self.dtype()) && compute_requires_grad({self});
  check_inplace(self, rg);
  std::shared_ptr<FunctionNode> node = rg ? make_node(name, {self}, self.dtype()) : nullptr;
  restride();  // the kernel's checks run after the node is made, as in VariableType
  if (!node) return self;
  node->formula = std::move(formula);
  TensorImpl* impl = self.impl();
  auto old = impl->grad_fn;
  impl->grad_fn = nullptr;
  set_history(self, node);
  impl->attr_version = self.version();  // set_gradient_edge: a view keeps this grad_fn, not a regenerated one
  move_retain_hooks(self, old, node);
  return self;
}

// unsqueeze_to(grad, sizes): the gradient back in self's shape before the squeeze.
Formula reshape_back(const Shape& sizes) {
  return [sizes](const BackwardCtx& c) -> TensorList { return {reshape(c.grad(), sizes)}; };
}

}  // namespace

Tensor t_(const Tensor& self) {
  return inplace_view(self, "TBackward1", [](const BackwardCtx& c) -> TensorList { return {t(c.grad())}; },
                      [&] { native::t_(self); });
}

Tensor transpose_(const Tensor& self, int64_t dim0, int64_t dim1) {
  return inplace_view(
      self, "TransposeBackward1",
      [dim0, dim1](const BackwardCtx& c) -> TensorList { return {transpose(c.grad(), dim0, dim1)}; },
      [&] { native::transpose_(self, dim0, dim1); });
}

Tensor squeeze_(const Tensor& self) {
  return inplace_view(self, "SqueezeBackward3", reshape_back(self.sizes()), [&] { native::squeeze_(self); });
}

Tensor squeeze_(const Tensor& self, int64_t dim) {
  return inplace_view(self, "SqueezeBackward4", reshape_back(self.sizes()),
                      [&] { native::squeeze_(self, std::vector<int64_t>{dim}); });
}

Tensor squeeze_(const Tensor& self, const std::vector<int64_t>& dims) {
  return inplace_view(self, "SqueezeBackward5", reshape_back(self.sizes()), [&] { native::squeeze_(self, dims); });
}

Tensor unsqueeze_(const Tensor& self, int64_t dim) {
  return inplace_view(self, "UnsqueezeBackward1", reshape_back(self.sizes()), [&] { native::unsqueeze_(self, dim); });
}

}  // namespace tp
