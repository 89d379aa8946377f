// CopySlices (PyTorch's torch/csrc/autograd/functions/tensor.h): the grad_fn a base gets when one
// of its views is modified in place. It routes the slice of the incoming gradient that the view
// covers through the in-place op's node and passes the rest of the base's gradient through.
#pragma once
#include <memory>

#include "autograd/grad_utils.h"
#include "autograd/node.h"

namespace tp {

class CopySlices : public Node {
 public:
  CopySlices(const Tensor& base, const Tensor& view, std::shared_ptr<Node> fn);
  std::string name() const override { return "CopySlices"; }
  std::string cpp_name() const override { return "torch::autograd::CopySlices"; }
  TensorList apply(TensorList&& grads) override;
  SavedView saved_variables() const override { return fn->saved_variables(); }
  void release_variables() override { fn->release_variables(); }

  Geometry base_geometry, view_geometry;
  std::shared_ptr<Node> fn;  // the in-place op's node, applied to the view's part of the gradient
};

// VariableTypeUtils.h check_inplace (semantics 1.5-1.7): raises for a leaf requiring grad, a view of
// one, or a no-grad / multi-output view, when the in-place op would be recorded.
void check_inplace(const Tensor& self, bool requires_grad);
// Makes `fn` the history of in-place-modified `self` (variable.cpp rebase_history).
void rebase_history(const Tensor& self, const std::shared_ptr<Node>& fn);

}  // namespace tp
