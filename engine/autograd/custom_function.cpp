// CustomFunctionNode and the @once_differentiable error node (custom_function.h).
#include "autograd/custom_function.h"

#include "autograd/functions.h"
#include "autograd/graph.h"
#include "core/error.h"

namespace tp {

CustomFunctionNode::~CustomFunctionNode() {
  GraveyardScope scope;
  for (auto& s : saved) s.bury();
  backward = nullptr;
  py_object.reset();
}

Node::SavedView CustomFunctionNode::saved_variables() const { return {saved.data(), saved.size()}; }

void CustomFunctionNode::release_variables() {
  for (auto& s : saved) s.release();
  has_freed_buffers = true;
}

TensorList CustomFunctionNode::unpack_saved() const {
  if (has_freed_buffers)
    throw TorchError("RuntimeError",
                     "Trying to backward through the graph a second time (or directly access saved tensors after they "
                     "have already been freed). Saved intermediate values of the graph are freed when you call "
                     ".backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the "
                     "graph a second time or if you need to access saved tensors after calling backward.");
  TensorList out;
  for (const auto& s : saved) out.push_back(s.unpack(this));
  return out;
}

TensorList ErrorNode::apply(TensorList&&) { throw TorchError("RuntimeError", msg_); }

TensorList delayed_error(const std::string& msg, const TensorList& inputs) {
  TensorList outs;
  std::vector<Tensor> defined;
  for (const auto& t : inputs)
    if (t.defined()) defined.push_back(t);
  std::shared_ptr<Node> node;
  if (compute_requires_grad(defined)) {
    node = std::make_shared<ErrorNode>(msg);
    node->next_edges = collect_next_edges(inputs);
  }
  for (const auto& t : inputs) {
    if (!t.defined()) {
      outs.emplace_back();
      if (node) node->input_meta.push_back(InputMeta{});
      continue;
    }
    // tensor_data(): same storage, geometry and counter, a fresh tensor without history.
    Tensor out = make_tensor(t.storage(), t.sizes(), t.strides(), t.storage_offset(), t.dtype(),
                             t.impl()->version_counter);
    if (node) set_history(out, node);
    outs.push_back(out);
  }
  return outs;
}

}  // namespace tp
