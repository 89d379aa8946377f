// set_ and as_strided_ under autograd (set_storage.h). set_ is not differentiable (derivatives.yaml
// has no formula for it): it goes through check_inplace and bumps the version, nothing is recorded.
// as_strided_ is an in-place view op: like t_ / transpose_ it becomes the tensor's own grad_fn
// (AsStridedBackward1, whose gradient is as_strided_scatter of the old geometry).
#include "autograd/shape/set_storage.h"

#include "autograd/copy_slices.h"
#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "ops/shape/set_storage.h"

namespace tp {

Tensor set_(const Tensor& self, const Callable<void()>& change) {
  check_inplace(self, compute_requires_grad({self}));
  change();
  self.impl()->version_counter->bump();
  return self;
}

Tensor as_strided_(const Tensor& self, const Shape& sizes, const Shape& strides, std::optional<int64_t> storage_offset) {
  bool rg = is_floating(self.dtype()) && compute_requires_grad({self});
  check_inplace(self, rg);
  Geometry before = geometry_of(self);
  std::shared_ptr<FunctionNode> node = rg ? make_node("AsStridedBackward1", {self}, self.dtype()) : nullptr;
  native::as_strided_(self, sizes, strides, storage_offset);
  self.impl()->version_counter->bump();
  if (!node) return self;
  Geometry after = geometry_of(self);
  node->formula = [before, after](const BackwardCtx& c) -> TensorList {
    return {as_strided_backward(c.grad(), before, after)};
  };
  TensorImpl* impl = self.impl();
  auto old = impl->grad_fn;
  impl->grad_fn = nullptr;
  set_history(self, node);
  impl->attr_version = self.version();
  move_retain_hooks(self, old, node);
  return self;
}

}  // namespace tp
