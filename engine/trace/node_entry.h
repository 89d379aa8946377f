// One autograd node's entry in a step ("nodes" in SCHEMA.md), like a tensor's (tensor_entry.h):
// plain fields compared with what the last step showed and written member by member (Note
// [Changed members]). A training loop makes a graph per iteration and releases its saved
// tensors at every backward, so nodes change often; building their JSON text to compare it and
// parse it again for the delta cost more than writing it.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "trace/json_writer.h"

namespace tp {
class Node;
}

namespace tp::trace {

struct NodeEntry {
  struct Next {
    int64_t node = -1;  // -1: no function (an input that needs no gradient)
    int64_t input_nr = 0;
    bool operator==(const Next& o) const { return node == o.node && input_nr == o.input_nr; }
  };
  struct Saved {
    std::string name;
    int64_t tensor = -1;  // -1: not alive
    int64_t saved_version = 0, current_version = 0;
    bool released = false, values_changed = false;
    bool operator==(const Saved& o) const;
  };
  int64_t id = 0;
  std::string name;
  std::vector<Next> next;
  std::vector<Saved> saved;  // the defined ones, in slot order
  int64_t tensor = -1, variable = -1, hooks = 0;

  bool operator==(const NodeEntry& o) const;
};

// Gathers `n`'s facts into `into` (reusing its memory). `values_changed[slot]`: whether the saved
// tensor in that slot was written behind the version counter (Note [Saved values]).
void gather_node_facts(Node& n, const std::vector<bool>& values_changed, NodeEntry& into);

// Writes `now` as a JSON object: every member when `before` is null, else its id and the members
// that differ from `before`'s.
void write_node_entry(JsonWriter& w, const NodeEntry& now, const NodeEntry* before);

}  // namespace tp::trace
