// Autograd attributes of a tensor as Python sees them: requires_grad setters (semantics 1.14),
// retain_grad, reading/assigning .grad (1.15, 1.21), detach_ (1.16), deepcopy (1.13), is_leaf.
#include <algorithm>
#include <cstring>

#include "autograd/deepcopy.h"
#include "autograd/functions.h"
#include "autograd/graph.h"
#include "core/context.h"
#include "core/error.h"

namespace tp {

namespace {

std::string requires_grad_leaf_error(bool requires_grad) {
  std::string msg = "you can only change requires_grad flags of leaf variables.";
  if (!requires_grad)
    msg += " If you want to use a computed variable in a subgraph that doesn't require differentiation use "
           "var_no_grad = var.detach().";
  return msg;
}

}  // namespace

bool is_leaf(const Tensor& self) { return grad_fn(self) == nullptr; }

void set_requires_grad_attr(const Tensor& self, bool value) {
  TP_CHECK(is_leaf(self), requires_grad_leaf_error(value));
  TP_CHECK(!value || is_floating(self.dtype()), "only Tensors of floating point and complex dtype can require gradients");
  self.impl()->requires_grad = value;
}

Tensor requires_grad_(const Tensor& self, bool value) {
  TP_CHECK(is_leaf(self) || value, requires_grad_leaf_error(value));
  TP_CHECK(!value || is_floating(self.dtype()), "only Tensors of floating point dtype can require gradients");
  self.impl()->requires_grad = value;
  return self;
}

void set_factory_requires_grad(const Tensor& t, bool value) {
  TP_CHECK(!value || is_floating(t.dtype()), "Only Tensors of floating point and complex dtype can require gradients");
  t.impl()->requires_grad = value;
}

void retain_grad(const Tensor& self) {
  TP_CHECK(self.requires_grad(), "can't retain_grad on Tensor that has requires_grad=False");
  if (is_leaf(self) || self.impl()->retains_grad) return;
  auto fn = grad_fn(self);
  fn->retain_grad_hooks.emplace_back(self.impl()->output_nr, self.impl_ptr());
  self.impl()->retains_grad = true;
}

Callable<void()> register_hook(const Tensor& self, GradHook hook) {
  TP_CHECK(self.requires_grad(), "cannot register a hook on a tensor that doesn't require gradient");
  static int64_t last_handle = 0;  // only compared for equality, so a process-wide counter is fine
  int64_t handle = ++last_handle;
  if (is_leaf(self)) {
    self.impl()->grad_hooks.emplace_back(handle, std::move(hook));
    std::weak_ptr<TensorImpl> owner = self.impl_ptr();
    return [owner, handle] {
      if (auto t = owner.lock()) {
        auto& hooks = t->grad_hooks;
        hooks.erase(std::remove_if(hooks.begin(), hooks.end(), [&](const auto& h) { return h.first == handle; }), hooks.end());
      }
    };
  }
  auto fn = grad_fn(self);
  fn->tensor_pre_hooks.push_back({self.impl()->output_nr, handle, std::move(hook)});
  std::weak_ptr<Node> owner = fn;
  return [owner, handle] {
    if (auto n = owner.lock()) {
      auto& hooks = n->tensor_pre_hooks;
      hooks.erase(std::remove_if(hooks.begin(), hooks.end(), [&](const auto& h) { return h.handle_id == handle; }), hooks.end());
    }
  };
}

Tensor get_grad(const Tensor& self) {
  TensorImpl* impl = self.impl();
  if (!is_leaf(self) && !impl->retains_grad && !impl->grad) {
    ctx().torch_warn(  // TensorBody.h (generated from aten/src/ATen/templates/TensorBody.h): grad()
        "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad attribute won't be "
        "populated during autograd.backward(). If you indeed want the .grad field to be populated for a non-leaf "
        "Tensor, use .retain_grad() on the non-leaf Tensor. If you access the non-leaf Tensor by mistake, make sure "
        "you access the leaf Tensor instead. See github.com/pytorch/pytorch/pull/30531 for more information.",
        "aten/src/ATen/core/TensorBody.h");
  }
  return Tensor(impl->grad);
}

// python_variable.cpp THPVariable_set_grad (the TypeError for non-tensors is the interpreter's).
void set_grad(const Tensor& self, const Tensor& grad) {
  if (!grad.defined()) {
    self.impl()->grad = nullptr;
    return;
  }
  TP_CHECK(grad.dtype() == self.dtype(), "attempting to assign a gradient with dtype '" + c_type_name(grad.dtype()) +
                                             "' to a tensor with dtype '" + c_type_name(self.dtype()) +
                                             "'. Please ensure that the gradient and the tensor have the same dtype");
  TP_CHECK(grad.device().type == self.device().type,
           "attempting to assign a gradient with device type '" + grad.device().type_name() +
               "' to a tensor with device type '" + self.device().type_name() +
               "'. Please ensure that the gradient and the tensor are on the same device");
  TP_CHECK(grad.sizes() == self.sizes(), "attempting to assign a gradient of size '" + shape_str(grad.sizes()) +
                                             "' to a tensor of size '" + shape_str(self.sizes()) +
                                             "'. Please ensure that the gradient and the tensor are the same size");
  self.impl()->grad = grad.impl_ptr();
}

Tensor detach_(const Tensor& self) {
  TP_CHECK(!self.impl()->base,
           "Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel (DDP) for "
           "training, and gradient_as_bucket_view is set as True, gradients are views of DDP buckets, and hence "
           "detach_() cannot be called on these gradients. To fix this error, please refer to the "
           "Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution.");
  TensorImpl* impl = self.impl();
  impl->requires_grad = false;
  impl->grad_fn = nullptr;
  impl->output_nr = 0;
  return self;
}

// torch/_tensor.py __deepcopy__: the whole storage is copied; sizes/strides/offset are kept.
Tensor deepcopy(const Tensor& self) { return deepcopy(self, nullptr); }

Tensor deepcopy(const Tensor& self, StorageMemo* storages) {
  TP_CHECK(is_leaf(self),
           "Only Tensors created explicitly by the user (graph leaves) support the deepcopy protocol at the moment.  "
           "If you were attempting to deepcopy a module, this may be because of a torch.nn.utils.weight_norm usage, "
           "see https://github.com/pytorch/pytorch/pull/103001");
  const StoragePtr& src = self.storage();
  StoragePtr dst;
  if (auto hit = storages ? storages->find(src.get()) : StorageMemo::iterator(); storages && hit != storages->end()) {
    dst = hit->second;
  } else {
    dst = ctx().new_storage(src->device(), src->nbytes());
    if (src->nbytes()) std::memcpy(dst->data(), src->data(), src->nbytes());
    if (storages) (*storages)[src.get()] = dst;
  }
  Tensor out = make_tensor(dst, self.sizes(), self.strides(), self.storage_offset(), self.dtype(),
                           ctx().new_version_counter());
  out.impl()->requires_grad = self.impl()->requires_grad;
  if (self.impl()->grad) out.impl()->grad = deepcopy(Tensor(self.impl()->grad), storages).impl_ptr();
  return out;
}

}  // namespace tp
