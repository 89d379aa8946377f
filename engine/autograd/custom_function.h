// The node of a custom torch.autograd.Function (PyTorch's PyNode, torch/csrc/autograd/python_function.h):
// its name is the Python class `<Fn>Backward`, it owns the tensors the forward saved, and its apply
// calls back into the language through `backward` (set by bindings/torch/autograd_function.cpp).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "autograd/node.h"
#include "core/callable.h"

namespace tp {

// The gradients the user's backward returned, before the engine checks them against next_edges.
class CustomFunctionNode : public Node {
 public:
  explicit CustomFunctionNode(std::string name) : name_(std::move(name)) {}
  ~CustomFunctionNode() override;
  std::string name() const override { return name_; }
  TensorList apply(TensorList&& grads) override { return backward(*this, std::move(grads)); }
  SavedView saved_variables() const override;
  // PyNode::release_variables: the saved tensors go and ctx.saved_tensors raises from now on.
  void release_variables() override;
  CustomFunctionNode* as_custom_function() override { return this; }

  // ctx.saved_tensors (unpack_saved_variables): ERR_BACKWARD_TWICE once freed, else each saved
  // tensor with its version check (undefined for a saved None).
  TensorList unpack_saved() const;

  std::vector<SavedVariable> saved;
  bool has_freed_buffers = false;
  // Note [Custom Function objects]: the Python ctx object (`grad_fn` of the outputs) is owned by its
  // node, as PyNode owns its THPFunction; the ctx only holds the node weakly. Type-erased here
  // because autograd/ sits below the language.
  std::shared_ptr<void> py_object;
  Callable<TensorList(CustomFunctionNode&, TensorList&&)> backward;

 private:
  std::string name_;
};

// The node `@once_differentiable` hangs on the gradients it returns under create_graph=True
// (PyTorch's Error node made by DelayedError): running it raises `msg`.
class ErrorNode : public Node {
 public:
  explicit ErrorNode(std::string msg) : msg_(std::move(msg)) {}
  std::string name() const override { return "Error"; }
  std::string cpp_name() const override { return "torch::autograd::Error"; }
  TensorList apply(TensorList&& grads) override;

 private:
  std::string msg_;
};

// DelayedError::apply: aliases of `inputs` (no history of their own) whose gradient runs an ErrorNode.
TensorList delayed_error(const std::string& msg, const TensorList& inputs);

}  // namespace tp
