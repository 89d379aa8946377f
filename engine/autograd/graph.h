// Recording history (PyTorch's VariableTypeUtils.h, variable.cpp): which tensors need grad, the
// edge a tensor's gradient flows along, attaching a node to outputs, and the generic node every
// generated-style op uses (a name, saved tensors, and its derivative formula beside the forward).
#pragma once
#include "core/callable.h"
#include <memory>
#include <string>
#include <vector>

#include "autograd/node.h"

namespace tp {

// A view's grad_fn after its base (or another view) was modified in place is regenerated on
// access as AsStridedBackward0 (variable.cpp VariableHooks::grad_fn). Use this, not impl->grad_fn.
std::shared_ptr<Node> grad_fn(const Tensor& t);
// The (node, input_nr) a gradient for `t` flows to; invalid when t does not require grad.
Edge gradient_edge(const Tensor& t);
std::vector<Edge> collect_next_edges(const std::vector<Tensor>& ts);
// The leaf's AccumulateGrad, created on first use and shared afterwards.
std::shared_ptr<Node> grad_accumulator(const Tensor& leaf);
InputMeta input_meta_of(const Tensor& t);
// Makes `out` output number `node->num_outputs()` of node (grad_fn, output_nr, metadata).
void set_history(const Tensor& out, const std::shared_ptr<Node>& node);
// Grad mode on and some (defined) input requires grad.
bool compute_requires_grad(const std::vector<Tensor>& inputs);
// Semantics 1.7: a view made in no_grad mode, or one output of a multi-view op, modified in place.
void handle_view_on_rebase(const Tensor& view, bool indirect);
// Moves retain_grad hooks when a tensor's grad_fn is replaced (in-place ops).
void move_retain_hooks(const Tensor& t, const std::shared_ptr<Node>& old_fn, const std::shared_ptr<Node>& new_fn);

class FunctionNode;

// What a derivative formula sees: incoming grads, saved tensors (already version-checked), and
// which inputs need a gradient.
struct BackwardCtx {
  const TensorList& grads;
  const FunctionNode& node;
  TensorList saved;
  const Tensor& grad(size_t i = 0) const { return grads[i]; }
  Tensor get(const std::string& saved_name) const;
  bool needs(size_t input) const;
};
using Formula = Callable<TensorList(const BackwardCtx&)>;

// A generated-style backward node (PyTorch's torch/csrc/autograd/generated/Functions.h classes).
class FunctionNode : public Node {
 public:
  explicit FunctionNode(std::string name, std::string cpp_name = "")
      : name_(std::move(name)), cpp_name_(std::move(cpp_name)) {}
  ~FunctionNode() override;
  std::string name() const override { return name_; }
  std::string cpp_name() const override { return cpp_name_.empty() ? name_ : cpp_name_; }
  TensorList apply(TensorList&& grads) override;
  SavedView saved_variables() const override;
  void release_variables() override;
  FunctionNode* as_function_node() override { return this; }

  void save(const std::string& saved_name, const Tensor& t, bool is_output = false);
  // In-place ops: the op's result is `self` after the write, so re-point a saved output at it.
  void resave_output(const std::string& saved_name, const Tensor& t);
  const std::vector<SavedVariable>& saved() const { return saved_; }
  Formula formula;

 private:
  std::string name_, cpp_name_;
  std::vector<SavedVariable> saved_;
};

// Starts recording an op whose result has dtype `out_dtype`: nullptr unless grad mode is on, an
// input requires grad and out_dtype is floating. Next edges follow `inputs` in order.
std::shared_ptr<FunctionNode> make_node(const std::string& name, const std::vector<Tensor>& inputs, DType out_dtype);

// Stamps `out` as a view of `self` made now (creation mode, semantics 1.7) and records `name`.
Tensor record_view(const Tensor& self, Tensor out, const std::string& name, Formula formula);

}  // namespace tp
