// Recording history: gradient edges, accumulators, lazy view grad_fns, the generic FunctionNode.
#include "autograd/graph.h"

#include "autograd/grad_utils.h"
#include "core/context.h"
#include "core/error.h"

namespace tp {

InputMeta input_meta_of(const Tensor& t) { return InputMeta{t.sizes(), t.dtype(), t.device()}; }

bool compute_requires_grad(const std::vector<Tensor>& inputs) {
  if (!ctx().grad_enabled) return false;
  for (const auto& t : inputs)
    if (t.defined() && t.requires_grad()) return true;
  return false;
}

std::shared_ptr<Node> grad_accumulator(const Tensor& leaf) {
  TensorImpl* impl = leaf.impl();
  if (auto acc = impl->grad_accumulator.lock()) return acc;
  auto acc = std::make_shared<AccumulateGrad>(leaf.impl_ptr());
  impl->grad_accumulator = acc;
  return acc;
}

namespace {

// A view's regenerated grad_fn: as_strided of the base with the view's own geometry.
std::shared_ptr<Node> regenerate_view_grad_fn(const Tensor& view) {
  Tensor base(view.impl()->base);
  auto node = std::make_shared<FunctionNode>("AsStridedBackward0");
  node->next_edges = {gradient_edge(base)};
  Geometry in{base.sizes(), base.strides(), base.storage_offset()};
  Geometry out{view.sizes(), view.strides(), view.storage_offset()};
  node->formula = [in, out](const BackwardCtx& c) -> TensorList {
    return {as_strided_backward(c.grad(), in, out)};
  };
  return node;
}

}  // namespace

std::shared_ptr<Node> grad_fn(const Tensor& t) {
  TensorImpl* impl = t.impl();
  if (!impl->base) return impl->grad_fn;
  Tensor base(impl->base);
  if (!impl->grad_fn && !base.requires_grad()) return impl->grad_fn;
  if (impl->attr_version != t.version()) {
    handle_view_on_rebase(t, /*indirect=*/true);
    auto old_fn = impl->grad_fn;
    auto node = regenerate_view_grad_fn(t);
    impl->grad_fn = nullptr;
    impl->output_nr = 0;
    set_history(t, node);
    impl->attr_version = t.version();
    move_retain_hooks(t, old_fn, node);
  }
  return impl->grad_fn;
}

Edge gradient_edge(const Tensor& t) {
  if (!t.defined()) return Edge{};
  if (auto fn = grad_fn(t)) return Edge{fn, t.impl()->output_nr};
  if (t.impl()->requires_grad) return Edge{grad_accumulator(t), 0};
  return Edge{};
}

std::vector<Edge> collect_next_edges(const std::vector<Tensor>& ts) {
  std::vector<Edge> edges;
  edges.reserve(ts.size());
  for (const auto& t : ts) edges.push_back(gradient_edge(t));
  return edges;
}

void set_history(const Tensor& out, const std::shared_ptr<Node>& node) {
  TensorImpl* impl = out.impl();
  impl->grad_fn = node;
  impl->output_nr = uint32_t(node->input_meta.size());
  node->input_meta.push_back(input_meta_of(out));
  node->outputs.push_back(out.impl_ptr());
}

void move_retain_hooks(const Tensor& t, const std::shared_ptr<Node>& old_fn, const std::shared_ptr<Node>& new_fn) {
  if (!t.impl()->retains_grad || !new_fn) return;
  if (old_fn) {
    auto& hooks = old_fn->retain_grad_hooks;
    for (size_t i = 0; i < hooks.size(); ++i) {
      if (hooks[i].second.lock().get() == t.impl()) { hooks.erase(hooks.begin() + long(i)); break; }
    }
  }
  new_fn->retain_grad_hooks.emplace_back(t.impl()->output_nr, t.impl_ptr());
}

void handle_view_on_rebase(const Tensor& view, bool indirect) {
  TensorImpl* impl = view.impl();
  bool no_grad = impl->view_created_in_no_grad, multi = impl->view_is_multi_output;
  bool custom = impl->view_created_in_custom_function;
  if (!no_grad && !multi && !custom) return;
  const auto& fn = impl->grad_fn;
  std::string obj = indirect ? "its base or another view of its base has been" : "is being";
  std::string msg;
  if (no_grad || !fn) {
    std::string prefix = fn ? "Output " + std::to_string(impl->output_nr) + " of " + fn->name() +
                                  " is a view of a view which was created in"
                            : "A view was created in";
    msg = prefix + " no_grad mode and " + obj + " modified inplace with grad mode enabled.";
  } else {
    msg = "Output " + std::to_string(impl->output_nr) + " of " + fn->name() + " is a view and " + obj +
          " modified inplace.";
  }
  if (multi) {
    msg += " This view is the output of a function that returns multiple views. Such functions do not allow"
           " the output views to be modified inplace. You should replace the inplace operation by an"
           " out-of-place one.";
  } else if (custom) {
    msg += " This view was created inside a custom Function (or because an input was returned as-is) and the"
           " autograd logic to handle view+inplace would override the custom backward associated with the custom"
           " Function, leading to incorrect gradients. This behavior is forbidden. You can fix this by"
           " cloning the output of the custom Function.";
  } else {
    msg += " Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code"
           " by moving both the view and the inplace either both inside the no_grad block (if you don't want"
           " the inplace to be tracked) or both outside (if you want the inplace to be tracked).";
  }
  TorchError err("RuntimeError", msg);
  err.concerns_tensor(view.id());
  throw err;
}

// ---------------------------------------------------------------- FunctionNode

Tensor BackwardCtx::get(const std::string& saved_name) const {
  const auto& vars = node.saved();
  for (size_t i = 0; i < vars.size(); ++i)
    if (vars[i].name() == saved_name) return saved[i];
  throw InternalError("no saved variable " + saved_name + " in " + node.name());
}

bool BackwardCtx::needs(size_t input) const { return node.should_compute_output(input); }

TensorList FunctionNode::apply(TensorList&& grads) {
  BackwardCtx c{grads, *this, {}};
  c.saved.reserve(saved_.size());
  for (const auto& s : saved_) c.saved.push_back(s.unpack(this));  // raises 1.8 / 1.9 first, like PyTorch
  bool any_defined = false;
  for (const auto& g : grads) any_defined = any_defined || g.defined();
  if (!any_defined) return TensorList(next_edges.size());
  TensorList out = formula(c);
  TP_INTERNAL_ASSERT(out.size() == next_edges.size(), name_ + " returned the wrong number of gradients");
  for (size_t i = 0; i < out.size(); ++i)
    if (!should_compute_output(i)) out[i] = Tensor();
  return out;
}

Node::SavedView FunctionNode::saved_variables() const { return {saved_.data(), saved_.size()}; }

void FunctionNode::release_variables() {
  for (auto& s : saved_) s.release();
}

FunctionNode::~FunctionNode() {
  GraveyardScope scope;
  for (auto& s : saved_) s.bury();
  formula = nullptr;
}

void FunctionNode::save(const std::string& saved_name, const Tensor& t, bool is_output) {
  saved_.emplace_back(saved_name, t, is_output);
}

void FunctionNode::resave_output(const std::string& saved_name, const Tensor& t) {
  for (auto& s : saved_)
    if (s.name() == saved_name && s.is_output()) {
      s = SavedVariable(saved_name, t, /*is_output=*/true);
      if (t.impl()->base) s.set_inplace_on_view(grad_fn(t));
    }
}

std::shared_ptr<FunctionNode> make_node(const std::string& name, const std::vector<Tensor>& inputs, DType out_dtype) {
  if (!is_floating(out_dtype) || !compute_requires_grad(inputs)) return nullptr;
  auto node = std::make_shared<FunctionNode>(name);
  node->next_edges = collect_next_edges(inputs);
  return node;
}

}  // namespace tp
