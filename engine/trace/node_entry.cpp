#include "trace/node_entry.h"

#include "autograd/node.h"

namespace tp::trace {

bool NodeEntry::Saved::operator==(const Saved& o) const {
  return name == o.name && tensor == o.tensor && saved_version == o.saved_version &&
         current_version == o.current_version && released == o.released && values_changed == o.values_changed;
}

bool NodeEntry::operator==(const NodeEntry& o) const {
  return id == o.id && name == o.name && next == o.next && saved == o.saved && tensor == o.tensor &&
         variable == o.variable && hooks == o.hooks;
}

void gather_node_facts(Node& n, const std::vector<bool>& values_changed, NodeEntry& e) {
  e.id = n.id;
  e.name = n.name();
  e.next.clear();
  for (const Edge& edge : n.next_edges) e.next.push_back({edge.function ? edge.function->id : -1, int64_t(edge.input_nr)});
  size_t used = 0, slot = 0;
  for (const SavedVariable& saved : n.saved_variables()) {
    const SavedVariable* sv = &saved;
    const size_t k = slot++;
    if (!sv->defined()) continue;
    if (used == e.saved.size()) e.saved.emplace_back();
    NodeEntry::Saved& s = e.saved[used++];
    Tensor t = sv->tensor_if_alive();
    s.name = sv->name();
    s.tensor = t.defined() ? t.id() : -1;
    s.saved_version = sv->saved_version();
    s.current_version = sv->current_version();
    s.released = sv->was_released();
    s.values_changed = k < values_changed.size() && values_changed[k];
  }
  e.saved.resize(used);
  std::shared_ptr<TensorImpl> out = n.outputs.empty() ? nullptr : n.outputs[0].lock();
  e.tensor = out ? out->id : -1;
  auto* acc = n.as_accumulate_grad();
  e.variable = acc && acc->variable ? acc->variable->id : -1;
  e.hooks = int64_t(n.pre_hooks.size() + n.post_hooks.size());
}

void write_node_entry(JsonWriter& w, const NodeEntry& e, const NodeEntry* before) {
  auto changed = [&](auto member) { return !before || !(e.*member == before->*member); };
  w.begin_object();
  w.key("id").value(e.id);
  if (changed(&NodeEntry::name)) w.key("name").value(e.name);
  if (changed(&NodeEntry::next)) {
    w.key("next").begin_array();
    for (const NodeEntry::Next& n : e.next) {
      w.begin_object().key("node");
      w.id_or_null(n.node);
      w.key("input_nr").value(n.input_nr).end_object();
    }
    w.end_array();
  }
  if (changed(&NodeEntry::saved)) {
    w.key("saved").begin_array();
    for (const NodeEntry::Saved& s : e.saved) {
      w.begin_object().key("name").value(s.name).key("tensor");
      w.id_or_null(s.tensor);
      w.key("saved_version").value(s.saved_version);
      w.key("current_version").value(s.current_version);
      w.key("released").value(s.released);
      w.key("values_changed").value(s.values_changed);
      w.end_object();
    }
    w.end_array();
  }
  if (changed(&NodeEntry::tensor)) { w.key("tensor"); w.id_or_null(e.tensor); }
  if (changed(&NodeEntry::variable)) { w.key("variable"); w.id_or_null(e.variable); }
  if (changed(&NodeEntry::hooks)) w.key("hooks").value(e.hooks);
  w.end_object();
}

}  // namespace tp::trace
