// The backward engine: see engine.h. Entry points backward() and grad() follow
// torch/autograd/__init__.py (_make_grads) and torch/csrc/autograd/autograd.cpp (run_backward).
#include "autograd/engine.h"

#include <cmath>
#include <map>
#include <queue>
#include <unordered_map>
#include <unordered_set>

#include "autograd/functions.h"
#include "autograd/grad_utils.h"
#include "autograd/graph.h"
#include "core/context.h"
#include "core/error.h"

namespace tp {

void accumulate_into_leaf(AccumulateGrad& acc, const Tensor& new_grad, bool stealable);  // accumulate_grad.cpp

namespace {

void emit(const BackwardEvent& e) {
  if (ctx().on_backward_event) ctx().on_backward_event(e);
}

// A hook ran during backward: a tracer shows it fire on the node or tensor it hangs on.
void emit_hook(const char* which, const Node& fn, int64_t tensor_id) {
  if (!ctx().on_backward_event) return;
  BackwardEvent e;
  e.kind = BackwardEvent::Kind::Hook;
  e.node_id = fn.id;
  e.tensor_id = tensor_id;
  e.hook = which;
  emit(e);
}

// validate_outputs: a gradient takes the shape (sum_to), dtype and device its input had.
Tensor conform(const Tensor& grad, const InputMeta& meta, const Node& producer, size_t index) {
  if (!grad.defined()) return grad;
  Tensor g = grad;
  if (g.sizes() != meta.sizes) {
    // sum_to needs meta.sizes to be expandable to the grad's shape.
    bool ok = meta.sizes.size() <= g.sizes().size();
    for (size_t i = 0; ok && i < meta.sizes.size(); ++i) {
      int64_t m = meta.sizes[meta.sizes.size() - 1 - i], s = g.sizes()[g.sizes().size() - 1 - i];
      ok = m == s || m == 1;
    }
    TP_CHECK(ok, "Function " + producer.name() + " returned an invalid gradient at index " + std::to_string(index) +
                     " - got " + shape_str(g.sizes()) + " but expected shape compatible with " + shape_str(meta.sizes));
    g = sum_to(g, meta.sizes);
  }
  if (g.dtype() != meta.dtype || g.device() != meta.device) g = to(g, meta.dtype, meta.device, false);
  return g;
}

struct Task {
  std::shared_ptr<Node> fn;
};
// PyTorch's CompareNodeTaskTime: the highest sequence number runs first.
struct CompareTask {
  bool operator()(const Task& a, const Task& b) const { return a.fn->sequence_nr() < b.fn->sequence_nr(); }
};

// Tensor hooks (register_hook), in registration order, before the node uses its gradients: on a
// non-leaf's grad_fn input, or on a leaf's gradient before AccumulateGrad adds it to .grad.
void run_tensor_hooks(Node& fn, TensorList& inputs) {
  auto apply = [&fn](const GradHook& hook, Tensor& g, int64_t tensor_id) {
    if (!g.defined()) return;
    if (auto replaced = hook(g.impl_ptr())) g = Tensor(std::move(replaced));
    emit_hook("tensor", fn, tensor_id);
  };
  if (auto* acc = fn.as_accumulate_grad()) {
    if (inputs.empty()) return;
    auto hooks = acc->variable->grad_hooks;  // a copy: a hook may remove itself
    for (auto& h : hooks) apply(h.second, inputs[0], acc->variable->id);
    return;
  }
  auto hooks = fn.tensor_pre_hooks;
  for (auto& h : hooks) {
    if (h.input_nr >= inputs.size()) continue;
    std::shared_ptr<TensorImpl> owner = h.input_nr < fn.outputs.size() ? fn.outputs[h.input_nr].lock() : nullptr;
    apply(h.fn, inputs[h.input_nr], owner ? owner->id : -1);
  }
}

// retain_grad hooks (variable.cpp VariableHooks::retain_grad).
void run_retain_hooks(Node& fn, const TensorList& inputs) {
  for (auto& hook : fn.retain_grad_hooks) {
    auto var = hook.second.lock();
    if (!var || hook.first >= inputs.size() || !inputs[hook.first].defined()) continue;
    const Tensor& g = inputs[hook.first];
    if (!var->grad) {
      var->grad = contiguous(clone(g)).impl_ptr();
    } else {
      var->grad = add(Tensor(var->grad), g).impl_ptr();  // out of place: a new .grad object
    }
    BackwardEvent e;
    e.kind = BackwardEvent::Kind::Retain;
    e.node_id = fn.id;
    e.tensor_id = var->id;
    e.grads_out = {Tensor(var->grad)};
    emit(e);
  }
}

// Node pre hooks (call_pre_hooks): after the tensor hooks, before the node runs.
void run_pre_hooks(Node& fn, TensorList& inputs) {
  auto hooks = fn.pre_hooks;  // a copy: a hook may remove itself
  for (auto& h : hooks) {
    if (auto r = h.second(inputs)) inputs = std::move(*r);
    emit_hook("pre", fn, -1);
  }
}

// Node post hooks (call_post_hooks): on (what the node returned, what it received).
void run_post_hooks(Node& fn, TensorList& outputs, const TensorList& inputs) {
  auto hooks = fn.post_hooks;
  for (auto& h : hooks)
    if (auto r = h.second(outputs, inputs)) outputs = std::move(*r);
}

// GraphTask::set_exception_without_signal: under anomaly mode the failing node's forward stack is
// reported (PyAnomalyMetadata::print_stack / _format_stack) before the error propagates.
void report_anomaly(const Node& fn) {
  if (!ctx().anomaly_enabled || !ctx().report_anomaly) return;
  std::string name = fn.cpp_name();
  if (!fn.anomaly_stack) {
    ctx().report_anomaly("Error detected in " + name + ". No forward pass information available. Enable detect "
                         "anomaly during forward pass for more information.");
    return;
  }
  ctx().report_anomaly("Error detected in " + name + ". Traceback of forward call that caused the error:\n" +
                       *fn.anomaly_stack);
}

// Engine::evaluate_function under AnomalyMode::should_check_nan: a gradient with a nan fails.
void check_nan(const Node& fn, const TensorList& outputs) {
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (!outputs[i].defined() || !is_floating(outputs[i].dtype())) continue;
    GradModeGuard off(false);
    Tensor c = contiguous(outputs[i]);
    bool nan = false;
    for (int64_t j = 0; j < c.numel() && !nan; ++j) nan = std::isnan(c.double_at(c.storage_offset() + j));
    if (nan)
      throw TorchError("RuntimeError", "Function '" + fn.cpp_name() + "' returned nan values in its " +
                                           std::to_string(i) + "th output.");
  }
}

}  // namespace

std::vector<Tensor> run_backward(const std::vector<Edge>& roots, const TensorList& root_grads, bool keep_graph,
                                 bool create_graph, const std::vector<Edge>& capture) {
  GradModeGuard mode(create_graph);

  // Dependencies: how many edges lead into each node from the graph reachable from the roots.
  std::unordered_map<Node*, int> deps;
  std::vector<Node*> order;  // reachable nodes
  {
    std::unordered_set<Node*> seen;
    std::vector<Node*> stack;
    for (const auto& r : roots)
      if (r.function && seen.insert(r.function.get()).second) stack.push_back(r.function.get());
    while (!stack.empty()) {
      Node* n = stack.back();
      stack.pop_back();
      order.push_back(n);
      for (const auto& e : n->next_edges) {
        if (!e.function) continue;
        ++deps[e.function.get()];
        if (seen.insert(e.function.get()).second) stack.push_back(e.function.get());
      }
    }
  }

  // autograd.grad: only nodes from which a captured edge is reachable are needed.
  std::unordered_set<Node*> needed;
  std::map<Node*, std::vector<std::pair<uint32_t, size_t>>> captures;  // node -> (input_nr, result slot)
  bool capturing = !capture.empty();
  if (capturing) {
    for (size_t i = 0; i < capture.size(); ++i)
      if (capture[i].function) captures[capture[i].function.get()].emplace_back(capture[i].input_nr, i);
    // A node is needed when a captured node is reachable from it: walk the edges backwards from
    // the captured nodes (iteratively: a 150k-node chain must not recurse).
    std::unordered_map<Node*, std::vector<Node*>> parents;
    for (Node* n : order)
      for (const auto& e : n->next_edges)
        if (e.function) parents[e.function.get()].push_back(n);
    std::vector<Node*> work;
    for (const auto& c : captures)
      for (Node* p : parents[c.first])
        if (needed.insert(p).second) work.push_back(p);
    while (!work.empty()) {
      Node* m = work.back();
      work.pop_back();
      for (Node* p : parents[m])
        if (needed.insert(p).second) work.push_back(p);
    }
  }
  std::vector<Tensor> captured(capture.size());

  std::unordered_map<Node*, TensorList> buffers;
  auto add_to_buffer = [&](const std::shared_ptr<Node>& fn, uint32_t slot, Tensor g) {
    TensorList& buf = buffers[fn.get()];
    if (buf.size() < fn->num_outputs()) buf.resize(std::max<size_t>(fn->num_outputs(), slot + 1));
    if (!g.defined()) return;
    if (!buf[slot].defined()) buf[slot] = std::move(g);
    else buf[slot] = add(buf[slot], g);
  };

  std::priority_queue<Task, std::vector<Task>, CompareTask> ready;
  for (size_t i = 0; i < roots.size(); ++i) {
    const auto& r = roots[i];
    if (!r.function) continue;
    Tensor g = root_grads[i];
    if (g.defined() && r.input_nr < r.function->input_meta.size())
      g = conform(g, r.function->input_meta[r.input_nr], *r.function, i);
    add_to_buffer(r.function, r.input_nr, g);
  }
  {
    std::unordered_set<Node*> pushed;
    for (const auto& r : roots)
      if (r.function && deps[r.function.get()] == 0 && pushed.insert(r.function.get()).second)
        ready.push(Task{r.function});
  }

  if (!roots.empty() && roots[0].function) {
    BackwardEvent e;
    e.kind = BackwardEvent::Kind::Begin;
    e.node_id = roots[0].function->id;
    e.retain_graph = keep_graph;
    e.root = roots[0].function;
    emit(e);
  }

  while (!ready.empty()) {
    std::shared_ptr<Node> fn = ready.top().fn;
    ready.pop();
    try {
    TensorList inputs = std::move(buffers[fn.get()]);
    buffers.erase(fn.get());
    inputs.resize(std::max(inputs.size(), fn->num_outputs()));

    run_tensor_hooks(*fn, inputs);
    run_retain_hooks(*fn, inputs);
    if (!fn->pre_hooks.empty()) run_pre_hooks(*fn, inputs);
    auto cap = captures.find(fn.get());
    if (cap != captures.end())
      for (auto& [input_nr, slot] : cap->second)
        if (input_nr < inputs.size()) captured[slot] = inputs[input_nr];
    if (capturing && !needed.count(fn.get())) continue;

    if (auto* acc = fn ? fn->as_accumulate_grad() : nullptr) {
      Tensor g = std::move(inputs[0]);
      inputs.clear();
      bool stealable = g.defined() && g.impl_ptr().use_count() == 1;
      if (g.defined()) accumulate_into_leaf(*acc, g, stealable);
      // AccumulateGrad::apply: tensor_post_acc_grad_hooks, after the grad is in place (leaf still requiring grad).
      size_t post_accumulate = 0, post = 0;
      if (g.defined() && acc->variable->requires_grad && !acc->variable->post_accumulate_grad_hooks.empty()) {
        auto hooks = acc->variable->post_accumulate_grad_hooks;  // a copy: a hook may remove itself
        for (auto& h : hooks) h.second(acc->variable);
        post_accumulate = hooks.size();
      }
      if (!fn->post_hooks.empty()) {
        TensorList none;
        run_post_hooks(*fn, none, {g});
        post = fn->post_hooks.size();
      }
      BackwardEvent e;
      e.kind = BackwardEvent::Kind::Accumulate;
      e.node_id = fn->id;
      e.tensor_id = acc->variable->id;
      e.grads_in = {g};
      e.grads_out = {Tensor(acc->variable->grad)};
      g = Tensor();
      emit(e);
      // shown after the gradient they saw has landed
      for (size_t k = 0; k < post_accumulate; ++k) emit_hook("post_accumulate_grad", *fn, acc->variable->id);
      for (size_t k = 0; k < post; ++k) emit_hook("post", *fn, -1);
      continue;
    }

    TensorList in_copy;
    if (ctx().on_backward_event || !fn->post_hooks.empty()) in_copy = inputs;
    TensorList outputs = fn->apply(std::move(inputs));
    if (!keep_graph) fn->release_variables();
    TP_INTERNAL_ASSERT(outputs.size() == fn->next_edges.size(), fn->name() + ": wrong number of gradients");

    for (size_t i = 0; i < outputs.size(); ++i) {
      const Edge& e = fn->next_edges[i];
      if (!e.function) continue;
      if (e.input_nr < e.function->input_meta.size())
        outputs[i] = conform(outputs[i], e.function->input_meta[e.input_nr], *fn, i);
    }
    if (!fn->post_hooks.empty()) run_post_hooks(*fn, outputs, in_copy);
    if (ctx().anomaly_enabled && ctx().anomaly_check_nan) check_nan(*fn, outputs);
    if (ctx().on_backward_event) {
      BackwardEvent ev;
      ev.kind = BackwardEvent::Kind::Execute;
      ev.node_id = fn->id;
      ev.grads_in = std::move(in_copy);
      ev.grads_out.swap(outputs);  // lent to the event and taken back: no copy per node
      emit(ev);
      outputs.swap(ev.grads_out);
      for (size_t k = 0; k < fn->post_hooks.size(); ++k) emit_hook("post", *fn, -1);  // they saw its results
    }
    for (size_t i = 0; i < outputs.size(); ++i) {
      const Edge& e = fn->next_edges[i];
      if (!e.function) continue;
      bool is_ready = --deps[e.function.get()] == 0;
      add_to_buffer(e.function, e.input_nr, std::move(outputs[i]));
      if (is_ready) ready.push(Task{e.function});
    }
    } catch (...) {
      report_anomaly(*fn);
      throw;
    }
  }
  BackwardEvent end;
  end.kind = BackwardEvent::Kind::End;
  emit(end);
  return captured;
}

// ---------------------------------------------------------------- entry points

namespace {

std::string torch_size(const Shape& s) { return "torch.Size(" + shape_str(s) + ")"; }

// torch/autograd/__init__.py _make_grads.
Tensor make_grad(const Tensor& out, const Tensor& grad, size_t index) {
  if (grad.defined()) {
    TP_CHECK(grad.sizes() == out.sizes(), "Mismatch in shape: grad_output[" + std::to_string(index) +
                                              "] has a shape of " + torch_size(grad.sizes()) + " and output[" +
                                              std::to_string(index) + "] has a shape of " +
                                              torch_size(out.sizes()) + ".");
    return grad;
  }
  if (!out.requires_grad()) return Tensor();
  TP_CHECK(out.numel() == 1, "grad can be implicitly created only for scalar outputs");
  TP_CHECK(is_floating(out.dtype()),
           "grad can be implicitly created only for real scalar outputs but got " + dtype_repr(out.dtype()));
  return native::ones(out.sizes(), out.dtype(), out.device());
}

Edge root_edge(const Tensor& out, size_t index) {
  Edge e = gradient_edge(out);
  if (!e.function) {
    TorchError err("RuntimeError", "element " + std::to_string(index) +
                                       " of tensors does not require grad and does not have a grad_fn");
    err.concerns_tensor(out.id());
    throw err;
  }
  return e;
}

}  // namespace

void backward(const Tensor& output, const Tensor& gradient, std::optional<bool> retain_graph, bool create_graph) {
  Tensor g = make_grad(output, gradient, 0);
  bool keep = retain_graph.value_or(create_graph);
  Edge root = root_edge(output, 0);
  run_backward({root}, {g}, keep, create_graph, {});
}

void autograd_backward(const std::vector<Tensor>& outputs, const std::vector<Tensor>& gradients,
                       std::optional<bool> retain_graph, bool create_graph) {
  TensorList gs;
  for (size_t i = 0; i < outputs.size(); ++i)
    gs.push_back(make_grad(outputs[i], i < gradients.size() ? gradients[i] : Tensor(), i));
  bool keep = retain_graph.value_or(create_graph);
  std::vector<Edge> roots;
  for (size_t i = 0; i < outputs.size(); ++i) roots.push_back(root_edge(outputs[i], i));
  run_backward(roots, gs, keep, create_graph, {});
}

std::vector<Tensor> grad(const std::vector<Tensor>& outputs, const std::vector<Tensor>& inputs,
                         const std::vector<Tensor>& grad_outputs, std::optional<bool> retain_graph,
                         bool create_graph, bool allow_unused) {
  TensorList gs;
  for (size_t i = 0; i < outputs.size(); ++i)
    gs.push_back(make_grad(outputs[i], i < grad_outputs.size() ? grad_outputs[i] : Tensor(), i));
  bool keep = retain_graph.value_or(create_graph);
  std::vector<Edge> roots;
  for (size_t i = 0; i < outputs.size(); ++i) roots.push_back(root_edge(outputs[i], i));
  std::vector<Edge> capture;
  for (const auto& in : inputs) {
    TP_CHECK(in.requires_grad(), "One of the differentiated Tensors does not require grad");
    if (auto fn = grad_fn(in)) capture.push_back(Edge{fn, in.impl()->output_nr});
    else capture.push_back(Edge{in.impl()->grad_accumulator.lock(), 0});
  }
  std::vector<Tensor> result = run_backward(roots, gs, keep, create_graph, capture);
  for (auto& r : result) {
    if (!r.defined()) {
      TP_CHECK(allow_unused, "One of the differentiated Tensors appears to not have been used in the graph. "
                             "Set allow_unused=True if this is the desired behavior.");
    } else if (!create_graph && r.requires_grad()) {
      r = native::detach(r);
    }
  }
  return result;
}

}  // namespace tp
