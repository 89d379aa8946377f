// Node ids and saved-variable bookkeeping (PyTorch's saved_variable.cpp).
#include "autograd/node.h"

#include "autograd/graph.h"
#include "core/context.h"
#include "core/error.h"

namespace tp {

Node::Node() : id(ctx().next_node_id()) {
  if (ctx().anomaly_enabled && ctx().forward_stack) anomaly_stack = std::make_shared<const std::string>(ctx().forward_stack());
}

Node::~Node() {
  GraveyardScope scope;
  for (auto& e : next_edges)
    if (e.function) GraveyardScope::bury(std::move(e.function));
  next_edges.clear();
}

namespace {

struct Graveyard {
  std::vector<std::shared_ptr<Node>> nodes;
  std::vector<std::shared_ptr<TensorImpl>> tensors;
};
thread_local Graveyard* graveyard = nullptr;

}  // namespace

GraveyardScope::GraveyardScope() : outermost_(graveyard == nullptr) {
  if (outermost_) graveyard = new Graveyard();
}

GraveyardScope::~GraveyardScope() {
  if (!outermost_) return;
  Graveyard* g = graveyard;
  while (!g->nodes.empty() || !g->tensors.empty()) {
    if (!g->tensors.empty()) {
      std::shared_ptr<TensorImpl> t = std::move(g->tensors.back());
      g->tensors.pop_back();
      if (t.use_count() == 1 && t->grad_fn) g->nodes.push_back(std::move(t->grad_fn));
      t.reset();
    } else {
      std::shared_ptr<Node> n = std::move(g->nodes.back());
      g->nodes.pop_back();
      n.reset();  // a last reference: its destructor buries its own edges here instead of recursing
    }
  }
  graveyard = nullptr;
  delete g;
}

void GraveyardScope::bury(std::shared_ptr<Node>&& n) { graveyard->nodes.push_back(std::move(n)); }
void GraveyardScope::bury(std::shared_ptr<TensorImpl>&& t) { graveyard->tensors.push_back(std::move(t)); }

Tensor Node::output_tensor(size_t i) const {
  if (i >= outputs.size()) return Tensor();
  return Tensor(outputs[i].lock());
}

AccumulateGrad::AccumulateGrad(std::shared_ptr<TensorImpl> v) : variable(std::move(v)) {
  input_meta.push_back(input_meta_of(Tensor(variable)));
}

namespace {
thread_local bool defer_output_pack = false;
}  // namespace

// An in-place op records its out-of-place twin first, then re-saves the result as `self`
// (inplace.cpp); PyTorch packs that result once, so the first save of an output skips the hooks.
void set_defer_output_pack(bool on) { defer_output_pack = on; }

SavedVariable::SavedVariable(std::string name, const Tensor& t, bool is_output)
    : name_(std::move(name)), defined_(t.defined()), is_output_(is_output) {
  if (!t.defined()) return;
  // torch/csrc/autograd/saved_variable.cpp, Note [Inference tensor cannot be saved for backward]
  TP_CHECK(!t.impl()->is_inference,
           "Inference tensors cannot be saved for backward. To work around you can make a clone to get a normal "
           "tensor and use it in autograd.");
  original_ = t.impl_ptr();
  counter_ = t.impl()->version_counter;
  saved_version_ = counter_->version;
  output_nr_ = t.impl()->output_nr;
  was_leaf_ = t.is_leaf();
  // saved_variable.cpp: with default hooks set (and not for a wrapped number) the pack hook gets the
  // tensor itself under no_grad, and only what it returned is kept.
  if (!ctx().saved_tensor_hooks.empty() && !t.impl()->is_wrapped_number && !(is_output && defer_output_pack)) {
    if (was_leaf_) {
      hooked_accumulator_ = t.impl()->grad_accumulator;
      hooked_requires_grad_ = t.requires_grad();
    } else if (!is_output) {
      hooked_grad_fn_ = grad_fn(t);
    }
    hooks_ = ctx().saved_tensor_hooks.back()();
    GradModeGuard no_grad(false);
    int64_t version = counter_->version;
    hooks_->pack(t);
    TP_CHECK(version == counter_->version,
             "A saved tensor pack hook is modifying its input in place. Tensors provided as input to pack hook can "
             "not be modified by in-place operations as this can lead to unexpected side-effects. Please open an "
             "issue if you need to perform in-place operations on the input to a pack hook.");
    return;
  }
  if (is_output) {
    // tensor_data(): same storage, sizes and version counter, but no autograd history.
    auto alias = std::make_shared<TensorImpl>(*t.impl());
    alias->grad_fn = nullptr;
    alias->grad = nullptr;
    alias->base = nullptr;
    alias->requires_grad = false;
    alias->grad_accumulator.reset();
    alias->retains_grad = false;
    data_ = Tensor(alias);
  } else {
    data_ = t;
  }
}

int64_t SavedVariable::current_version() const { return counter_ ? counter_->version : saved_version_; }

Tensor SavedVariable::tensor_if_alive() const {
  if (released_ || !defined_) return Tensor();
  return Tensor(original_.lock());
}

namespace {

// "torch.FloatTensor" / "torch.cuda.FloatTensor": Tensor::toString() after processErrorMsg.
std::string error_type_name(const Tensor& t) {
  const Device& d = t.device();
  if (d.type == Device::Type::MPS) return "MPS" + scalar_type_name(t.dtype()) + "Type";
  return std::string("torch.") + (d.type == Device::Type::CUDA ? "cuda." : "") + legacy_type_name(t.dtype());
}

}  // namespace

Tensor SavedVariable::unpack(const Node* owner) const {
  if (!defined_) return Tensor();
  if (hooks_ && !released_) return unpack_hooked(owner);
  if (released_) {
    TorchError err("RuntimeError",
                   "Trying to backward through the graph a second time (or directly access saved tensors after they "
                   "have already been freed). Saved intermediate values of the graph are freed when you call "
                   ".backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the "
                   "graph a second time or if you need to access saved tensors after calling backward.");
    if (owner) err.concerns_node(owner->id);
    throw err;
  }
  int64_t current = counter_->version;
  if (current != saved_version_) {
    // Which node to name: a saved output names the node that owns it; a saved input names its
    // CURRENT grad_fn (after b.add_(1) that is AddBackward0); a leaf names nothing.
    std::shared_ptr<Node> fn;
    const Node* named = nullptr;
    if (is_output_) {
      fn = inplace_view_fn_.lock();
      named = fn ? fn.get() : owner;
    } else {
      fn = grad_fn(data_);
      if (!was_leaf_ && !fn) {
        throw TorchError("RuntimeError",
                         "Trying to use a saved tensor that has been detached in-place, i.e. with .detach_().This "
                         "is not supported, please use out-of-place `.detach()` instead");
      }
      named = fn.get();
    }
    uint32_t nr = output_nr_;
    std::string msg = "one of the variables needed for gradient computation has been modified by an inplace "
                      "operation: [" + error_type_name(data_) + " " + shape_str(data_.sizes()) + "]";
    if (named) msg += ", which is output " + std::to_string(nr) + " of " + named->cpp_name() + ",";
    msg += " is at version " + std::to_string(current) + "; expected version " + std::to_string(saved_version_) +
           " instead.";
    msg += ctx().anomaly_enabled
               ? " Hint: the backtrace further above shows the operation that failed to compute its gradient. The "
                 "variable in question was changed in there or anywhere later. Good luck!"
               : " Hint: enable anomaly detection to find the operation that failed to compute its gradient, with "
                 "torch.autograd.set_detect_anomaly(True).";
    TorchError err("RuntimeError", msg);
    if (auto orig = original_.lock()) err.concerns_tensor(orig->id);
    if (owner) err.concerns_node(owner->id);
    throw err;
  }
  return data_;
}

// Hooks replace the version check (PyTorch cannot see through them); the unpacked tensor gets back
// the autograd identity the saved one had (make_variable with its grad_fn or requires_grad).
Tensor SavedVariable::unpack_hooked(const Node* owner) const {
  Tensor data = hooks_->unpack();
  if (!hooked_grad_fn_ && !hooked_requires_grad_ && !data.requires_grad()) return data;
  if (is_output_ || (original_.lock() == data.impl_ptr())) return data;
  auto alias = std::make_shared<TensorImpl>(*data.impl());
  alias->grad = nullptr;
  alias->base = nullptr;
  alias->retains_grad = false;
  alias->grad_hooks.clear();
  alias->grad_fn = hooked_grad_fn_;
  alias->output_nr = hooked_grad_fn_ ? output_nr_ : 0;
  alias->requires_grad = hooked_grad_fn_ ? false : hooked_requires_grad_;
  alias->grad_accumulator = hooked_accumulator_;
  (void)owner;
  return Tensor(alias);
}

void SavedVariable::release() {
  if (!defined_) return;
  released_ = true;
  data_ = Tensor();
  GraveyardScope scope;
  hooks_.reset();  // reset_data(): the packed value goes with the graph
  if (hooked_grad_fn_) GraveyardScope::bury(std::move(hooked_grad_fn_));
}

void SavedVariable::bury() {
  if (hooked_grad_fn_) GraveyardScope::bury(std::move(hooked_grad_fn_));
  if (data_.defined()) GraveyardScope::bury(std::shared_ptr<TensorImpl>(data_.impl_ptr()));
  data_ = Tensor();
}

}  // namespace tp
