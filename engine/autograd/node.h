// The autograd graph (PyTorch's torch/csrc/autograd/function.h, edge.h, saved_variable.h):
// a Node is one recorded op's backward; its next_edges point at the nodes producing its inputs'
// gradients, in input order. Tensors own their grad_fn; nodes own their saved tensors.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/callable.h"
#include "core/tensor.h"

namespace tp {

class Node;

// torch.autograd.graph.saved_tensors_hooks (saved_variable_hooks.h): one object per saved tensor;
// pack() runs when the tensor is saved and keeps what the pack hook returned, unpack() runs the
// unpack hook on it when backward (or a `_saved_*` attribute) reads the tensor.
struct SavedTensorHooks {
  virtual ~SavedTensorHooks() = default;
  virtual void pack(const Tensor& t) = 0;
  virtual Tensor unpack() = 0;
};

// Where a gradient flows: input `input_nr` of `function` (null function = no gradient, "None").
struct Edge {
  std::shared_ptr<Node> function;
  uint32_t input_nr = 0;
  bool is_valid() const { return function != nullptr; }
};

// Shape/dtype/device of one gradient a node receives (PyTorch's InputMetadata): the engine reduces
// (sum_to) and casts incoming gradients to it, which is how broadcasting ops get input-shaped grads.
struct InputMeta {
  Shape sizes;
  DType dtype = DType::Float32;
  Device device;
};

// Note [Saved variables]: a tensor kept for backward together with its version at save time.
// Unpacking compares versions (semantics 1.8) and refuses after release (semantics 1.9).
// A saved OUTPUT of the node is held through a private alias (same storage and version counter,
// no grad_fn) so the output -> grad_fn -> saved -> output cycle never forms.
class SavedVariable {
 public:
  SavedVariable() = default;
  // `is_output`: the tensor is an output of the node that saves it (e.g. sigmoid's result).
  SavedVariable(std::string name, const Tensor& t, bool is_output);

  const std::string& name() const { return name_; }
  bool defined() const { return defined_; }
  bool was_released() const { return released_; }
  bool is_output() const { return is_output_; }
  int64_t saved_version() const { return saved_version_; }
  uint32_t output_nr() const { return output_nr_; }
  int64_t current_version() const;  // version of the counter now
  // The tensor for the trace: the original tensor if still alive and not released, else undefined.
  Tensor tensor_if_alive() const;

  // In-place ops on a view save the view as their output; errors then name the view's grad_fn
  // at save time (saved_variable.cpp is_inplace_on_view), not the node that owns the variable.
  void set_inplace_on_view(const std::shared_ptr<Node>& view_grad_fn) { inplace_view_fn_ = view_grad_fn; }

  // For backward: checks release and version; `owner` is the node unpacking (error wording).
  Tensor unpack(const Node* owner) const;
  void release();
  void bury();  // hands the tensor to the graveyard (Note [Deleting long graphs])

 private:
  std::string name_;
  bool defined_ = false, released_ = false, is_output_ = false, was_leaf_ = false;
  Tensor data_;                              // strong (inputs) or a grad_fn-less alias (outputs)
  std::weak_ptr<TensorImpl> original_;       // the tensor as the program sees it
  std::weak_ptr<Node> inplace_view_fn_;      // see set_inplace_on_view
  // Saved through saved_tensors_hooks (data_ stays empty): the hooks and the metadata
  // save_metadata keeps so unpack can rebuild the tensor's autograd identity.
  std::shared_ptr<SavedTensorHooks> hooks_;
  std::shared_ptr<Node> hooked_grad_fn_;          // a non-leaf input's grad_fn
  std::weak_ptr<Node> hooked_accumulator_;        // a leaf's AccumulateGrad
  bool hooked_requires_grad_ = false;
  Tensor unpack_hooked(const Node* owner) const;
  uint32_t output_nr_ = 0;
  int64_t saved_version_ = 0;
  VersionCounterPtr counter_;
};

class AccumulateGrad;
class FunctionNode;
class CustomFunctionNode;

class Node : public std::enable_shared_from_this<Node> {
 public:
  Node();  // id from ctx().next_node_id(): creation order doubles as PyTorch's sequence number
  virtual ~Node();  // Note [Deleting long graphs]: iterative, never recursive
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  const int64_t id;
  std::vector<Edge> next_edges;    // next_functions, in input order
  std::vector<InputMeta> input_meta;  // one per output of the forward op (gradient this node receives)

  // Python type name, as in `grad_fn=<MulBackward0>`.
  virtual std::string name() const = 0;
  // C++ name(): what grad_fn.name() returns and what messages print; differs only for the
  // hand-written nodes ("torch::autograd::CopySlices").
  virtual std::string cpp_name() const { return name(); }
  // Engine order: highest first (PyTorch's sequence_nr; AccumulateGrad runs as soon as it is ready).
  virtual uint64_t sequence_nr() const { return uint64_t(id); }
  // grads[i] is the gradient of output i (undefined = zero); returns one gradient per next edge.
  virtual TensorList apply(TensorList&& grads) = 0;
  // Saved tensors in PyTorch's attribute order (trace: "saved"); empty for nodes that save none.
  // A view of the node's own list: the trace reads it for every node at every step.
  struct SavedView {
    const SavedVariable* first = nullptr;
    size_t count = 0;
    const SavedVariable* begin() const { return first; }
    const SavedVariable* end() const { return first + count; }
    size_t size() const { return count; }
    const SavedVariable& operator[](size_t i) const { return first[i]; }
  };
  virtual SavedView saved_variables() const { return {}; }
  // Drops saved tensors after a backward without retain_graph.
  virtual void release_variables() {}
  // Checked downcasts (the WebAssembly engine has no RTTI, so no dynamic_cast): this node as the
  // given class, or nullptr.
  virtual AccumulateGrad* as_accumulate_grad() { return nullptr; }
  virtual FunctionNode* as_function_node() { return nullptr; }
  virtual CustomFunctionNode* as_custom_function() { return nullptr; }

  bool should_compute_output(size_t i) const { return i < next_edges.size() && next_edges[i].is_valid(); }

  // The output tensors this node produced (weak: tensors own their grad_fn, not the reverse).
  std::vector<std::weak_ptr<TensorImpl>> outputs;
  Tensor output_tensor(size_t i = 0) const;  // undefined if gone
  size_t num_outputs() const { return input_meta.size(); }

  // register_hook on a non-leaf output: run on the gradient of output `input_nr` before this node
  // uses it (and before retain_grad hooks), even when the tensor itself is gone.
  struct TensorPreHook {
    uint32_t input_nr;
    int64_t handle_id;
    GradHook fn;
  };
  std::vector<TensorPreHook> tensor_pre_hooks;

  // Node.register_prehook / register_hook (torch.autograd.graph.Node): a pre hook sees the gradients
  // the node receives, a post hook (grad_inputs, grad_outputs) what it returns (PyTorch's
  // grad_inputs are this node's results, grad_outputs what it received); either may return
  // replacements (nullopt = keep). Run in registration order.
  using PreHook = Callable<std::optional<TensorList>(const TensorList&)>;
  using PostHook = Callable<std::optional<TensorList>(const TensorList&, const TensorList&)>;
  std::vector<std::pair<int64_t, PreHook>> pre_hooks;
  std::vector<std::pair<int64_t, PostHook>> post_hooks;

  // Anomaly mode (PyAnomalyMetadata::store_stack): the forward stack when the node was made, or null.
  std::shared_ptr<const std::string> anomaly_stack;

  // retain_grad() hooks: (output_nr, tensor) pairs whose .grad is set when this node runs.
  std::vector<std::pair<uint32_t, std::weak_ptr<TensorImpl>>> retain_grad_hooks;
};

// Note [Deleting long graphs]: a graph built by `for i in range(10**5): x = x * 2` is a chain of
// shared_ptrs; freeing it recursively would overflow the (small, in WebAssembly) stack. Dying nodes
// hand their edges and saved tensors to a per-thread graveyard that the outermost deletion drains
// in a loop (PyTorch's deleteNode does the same for edges).
class GraveyardScope {
 public:
  GraveyardScope();
  ~GraveyardScope();  // drains when it is the outermost scope
  static void bury(std::shared_ptr<Node>&& n);
  static void bury(std::shared_ptr<TensorImpl>&& t);

 private:
  bool outermost_;
};

// The sink of a leaf's gradient. Shared by every use of the leaf (TensorImpl::grad_accumulator).
// Holds the leaf strongly like PyTorch's AccumulateGrad::variable, so a graph keeps its leaves alive.
class AccumulateGrad : public Node {
 public:
  explicit AccumulateGrad(std::shared_ptr<TensorImpl> variable);
  std::string name() const override { return "AccumulateGrad"; }
  std::string cpp_name() const override { return "torch::autograd::AccumulateGrad"; }
  uint64_t sequence_nr() const override { return UINT64_MAX; }
  TensorList apply(TensorList&& grads) override;  // autograd/accumulate_grad.cpp
  AccumulateGrad* as_accumulate_grad() override { return this; }
  std::shared_ptr<TensorImpl> variable;
};

}  // namespace tp
