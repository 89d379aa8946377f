// The backward engine (PyTorch's torch/csrc/autograd/engine.cpp): runs nodes in dependency order,
// highest sequence number first, sums gradients per input slot, reduces them to each input's
// shape/dtype, accumulates into leaves and fires retain_grad hooks. Also the event log the trace
// turns into a BackwardRun (engine/trace/SCHEMA.md).
#pragma once
#include <cstdint>
#include <vector>

#include "autograd/node.h"

namespace tp {

struct BackwardEvent {
  enum class Kind { Begin, Execute, Accumulate, Retain, Hook, End };
  Kind kind = Kind::Execute;
  int64_t node_id = 0;       // Begin: the root node; Execute/Accumulate: the node run
  TensorList grads_in;       // Execute: gradients received (undefined = None); Accumulate: incoming
  TensorList grads_out;      // Execute: one per next edge; Accumulate/Retain: the resulting .grad
  int64_t tensor_id = 0;     // Accumulate: the leaf; Retain: the non-leaf whose .grad was set;
                             // Hook: the tensor the hook hangs on (-1: none, or gone)
  const char* hook = "";     // Hook: "tensor" (register_hook), "pre"/"post" (Node.register_prehook /
                             // register_hook) or "post_accumulate_grad"
  bool retain_graph = false; // Begin only
  std::shared_ptr<Node> root;  // Begin only: lets a tracer keep a temporary's graph drawable
};

// Runs backward from `roots` with gradients `root_grads`. With `capture` non-empty (autograd.grad),
// only nodes leading to those edges run and the gradients arriving there are returned instead of
// being accumulated into leaves.
std::vector<Tensor> run_backward(const std::vector<Edge>& roots, const TensorList& root_grads, bool keep_graph,
                                 bool create_graph, const std::vector<Edge>& capture);

}  // namespace tp
