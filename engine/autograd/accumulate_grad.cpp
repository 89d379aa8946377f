// AccumulateGrad (torch/csrc/autograd/functions/accumulate_grad.h): the first gradient becomes
// .grad (stolen when nobody else holds it and its strides match the leaf's, else copied with the
// leaf's layout); later ones are added IN PLACE, so an earlier `g = x.grad` sees the update.
// Under create_graph the sum is out of place and recorded.
#include <algorithm>
#include <numeric>

#include "autograd/functions.h"
#include "autograd/graph.h"
#include "core/context.h"

namespace tp {

namespace {

bool non_overlapping_and_dense(const Tensor& t) {
  if (t.numel() == 0) return true;
  std::vector<size_t> dims;
  for (size_t d = 0; d < t.sizes().size(); ++d)
    if (t.sizes()[d] != 1) dims.push_back(d);
  std::sort(dims.begin(), dims.end(), [&](size_t a, size_t b) { return t.strides()[a] < t.strides()[b]; });
  int64_t expected = 1;
  for (size_t d : dims) {
    if (t.strides()[d] != expected) return false;
    expected *= t.sizes()[d];
  }
  return true;
}

// utils::obeys_layout_contract.
bool obeys_layout_contract(const Tensor& grad, const Tensor& var) {
  if (grad.sizes() != var.sizes()) return false;
  if (!non_overlapping_and_dense(var)) return grad.is_contiguous();
  for (size_t i = 0; i < grad.sizes().size(); ++i) {
    if (grad.sizes()[i] != 1) {
      if (grad.strides()[i] != var.strides()[i]) return false;
    } else if (grad.strides()[i] == 0) {
      return false;
    }
  }
  return true;
}

// utils::clone_obey_contract: a copy with the leaf's strides (or contiguous).
Tensor clone_obey_contract(const Tensor& grad, const Tensor& var) {
  if (!non_overlapping_and_dense(var)) return contiguous(clone(grad));
  int64_t extent = 1;
  for (size_t i = 0; i < var.sizes().size(); ++i) {
    if (var.sizes()[i] == 0) { extent = 0; break; }
    extent += (var.sizes()[i] - 1) * var.strides()[i];
  }
  auto storage = ctx().new_storage(grad.device(), size_t(extent) * itemsize(grad.dtype()));
  Tensor out = make_tensor(storage, var.sizes(), var.strides(), 0, grad.dtype(), ctx().new_version_counter());
  copy_(out, grad);
  return out;
}

}  // namespace

void accumulate_into_leaf(AccumulateGrad& acc, const Tensor& new_grad, bool stealable) {
  Tensor var(acc.variable);
  if (!var.requires_grad()) return;  // requires_grad was switched off after the graph was built
  TensorImpl* impl = acc.variable.get();
  if (!impl->grad) {
    if (!ctx().grad_enabled && stealable && obeys_layout_contract(new_grad, var)) {
      impl->grad = native::detach(new_grad).impl_ptr();
    } else {
      impl->grad = clone_obey_contract(new_grad, var).impl_ptr();
    }
  } else if (!ctx().grad_enabled) {
    Tensor g(impl->grad);
    native::write_result_(g, native::add(g, new_grad));  // variable_grad += new_grad
  } else {
    impl->grad = add(Tensor(impl->grad), new_grad).impl_ptr();
  }
}

TensorList AccumulateGrad::apply(TensorList&& grads) {
  if (!grads.empty() && grads[0].defined()) {
    Tensor g = std::move(grads[0]);
    grads.clear();
    bool stealable = g.impl_ptr().use_count() == 1;
    accumulate_into_leaf(*this, g, stealable);
  }
  return {};
}

}  // namespace tp
