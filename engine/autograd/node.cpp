// Node ids, saved-variable bookkeeping and AccumulateGrad (see node.h).
#include "autograd/node.h"

#include "core/context.h"
#include "core/error.h"

namespace tp {

Node::Node() : id(ctx().next_node_id()) {}

Tensor Node::output_tensor(size_t i) const {
  if (i >= outputs.size()) return Tensor();
  return Tensor(outputs[i].lock());
}

SavedVariable::SavedVariable(std::string name, const Tensor& t, bool is_output)
    : name_(std::move(name)), defined_(t.defined()), is_output_(is_output) {
  if (!t.defined()) return;
  original_ = t.impl_ptr();
  counter_ = t.impl()->version_counter;
  saved_version_ = counter_->version;
  output_nr_ = t.impl()->output_nr;
  if (is_output) {
    auto alias = std::make_shared<TensorImpl>(*t.impl());
    alias->grad_fn = nullptr;
    alias->grad = nullptr;
    alias->base = nullptr;
    data_ = Tensor(alias);
  } else {
    data_ = t;
    input_grad_fn_ = t.impl()->grad_fn;
  }
}

int64_t SavedVariable::current_version() const { return counter_ ? counter_->version : saved_version_; }

Tensor SavedVariable::tensor_if_alive() const {
  if (released_ || !defined_) return Tensor();
  return Tensor(original_.lock());
}

Tensor SavedVariable::unpack(const Node* owner) const {
  if (!defined_) return Tensor();
  TP_CHECK(!released_, "placeholder: released");
  return data_;
}

void SavedVariable::release() {
  released_ = true;
  data_ = Tensor();
}

TensorList AccumulateGrad::apply(TensorList&& grads) { return {}; }

}  // namespace tp
