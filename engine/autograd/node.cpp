// Node ids and saved-variable bookkeeping (PyTorch's saved_variable.cpp).
#include "autograd/node.h"

#include "autograd/graph.h"
#include "core/context.h"
#include "core/error.h"

namespace tp {

Node::Node() : id(ctx().next_node_id()) {}

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
           " instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, "
           "with torch.autograd.set_detect_anomaly(True).";
    TorchError err("RuntimeError", msg);
    if (auto orig = original_.lock()) err.concerns_tensor(orig->id);
    if (owner) err.concerns_node(owner->id);
    throw err;
  }
  return data_;
}

void SavedVariable::release() {
  if (!defined_) return;
  released_ = true;
  data_ = Tensor();
}

void SavedVariable::bury() {
  if (data_.defined()) GraveyardScope::bury(std::shared_ptr<TensorImpl>(data_.impl_ptr()));
  data_ = Tensor();
}

}  // namespace tp
