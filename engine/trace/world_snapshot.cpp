#include "trace/world_snapshot.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <set>
#include <unordered_map>

#include "autograd/node.h"
#include "format/tensor_str.h"
#include "python/interpreter.h"
#include "python/value.h"
#include "trace/session.h"

namespace tp::trace {

namespace {

using interp::Kind;
using interp::ObjPtr;

// Library namespaces and callables are not part of the picture a learner reasons about.
bool drawn(const ObjPtr& o) {
  return o && o->kind != Kind::Module && o->kind != Kind::Class && o->kind != Kind::Function &&
         o->kind != Kind::BoundMethod;
}

struct World {
  std::vector<ObjPtr> objects;                       // reachable objects, discovery order
  std::unordered_map<const interp::Object*, bool> seen;
  std::map<int64_t, std::shared_ptr<TensorImpl>> tensors;  // by id (creation order)
  std::unordered_map<int64_t, int64_t> tensor_object;      // tensor id -> Python object id
  std::map<int64_t, std::shared_ptr<Node>> nodes;
};

void add_tensor(World& world, const std::shared_ptr<TensorImpl>& t) {
  if (!t || world.tensors.count(t->id)) return;
  world.tensors[t->id] = t;
  add_tensor(world, t->grad);
  add_tensor(world, t->base);
}

void add_node(World& world, const std::shared_ptr<Node>& root) {
  std::deque<std::shared_ptr<Node>> queue{root};
  while (!queue.empty()) {
    auto n = queue.front();
    queue.pop_front();
    if (!n || world.nodes.count(n->id)) continue;
    world.nodes[n->id] = n;
    for (const Edge& e : n->next_edges) queue.push_back(e.function);
  }
}

// Note [A snapshot of bounded size]: a program may hold 100,000 lists of 1,000 numbers; one
// snapshot of all of it would take gigabytes. A snapshot draws at most kMaxDrawnObjects objects
// (breadth first from the names, so what a name points at comes first), and a container lists only
// the items that are drawn; its "len" still says how many it holds.
constexpr size_t kMaxDrawnObjects = 20000;

void discover(World& world, interp::Interpreter& in, const ObjPtr& root) {
  std::deque<ObjPtr> queue{root};
  while (!queue.empty()) {
    ObjPtr o = queue.front();
    queue.pop_front();
    if (!drawn(o) || world.seen.count(o.get())) continue;
    if (world.objects.size() >= kMaxDrawnObjects) return;
    world.seen[o.get()] = true;
    world.objects.push_back(o);
    switch (o->kind) {
      case Kind::List: for (auto& i : static_cast<interp::ListObj&>(*o).items) queue.push_back(i); break;
      case Kind::Tuple: for (auto& i : static_cast<interp::TupleObj&>(*o).items) queue.push_back(i); break;
      case Kind::Set: for (auto& i : static_cast<interp::SetObj&>(*o).table.keys()) queue.push_back(i); break;
      case Kind::Dict:
        for (auto& [k, v] : static_cast<interp::DictObj&>(*o).items) { queue.push_back(k); queue.push_back(v); }
        break;
      case Kind::Instance:
        for (auto& name : static_cast<interp::AttrObj&>(*o).attr_order) queue.push_back(static_cast<interp::AttrObj&>(*o).get(name));
        break;
      case Kind::Tensor: {
        const Tensor& t = static_cast<interp::TensorObj&>(*o).tensor;
        world.tensor_object[t.id()] = o->id;
        add_tensor(world, t.impl_ptr());
        break;
      }
      case Kind::NdArray: {
        const Tensor& t = static_cast<interp::NdArrayObj&>(*o).array;
        world.tensor_object[t.id()] = o->id;
        add_tensor(world, t.impl_ptr());
        break;
      }
      case Kind::Node: add_node(world, static_cast<interp::NodeObj&>(*o).node); break;
      default: break;
    }
  }
}

// Nodes reachable from tensors, and tensors the graph holds (saved tensors, AccumulateGrad leaves).
void close_over_graph(World& world) {
  for (auto& [id, t] : std::map<int64_t, std::shared_ptr<TensorImpl>>(world.tensors)) add_node(world, t->grad_fn);
  for (auto& [id, n] : std::map<int64_t, std::shared_ptr<Node>>(world.nodes)) {
    for (const SavedVariable* sv : n->saved_variables())
      if (Tensor t = sv->tensor_if_alive(); t.defined()) add_tensor(world, t.impl_ptr());
    if (auto* acc = (n ? n->as_accumulate_grad() : nullptr)) add_tensor(world, acc->variable);
  }
  for (auto& [id, t] : world.tensors) add_node(world, t->grad_fn);
}

void write_ids(JsonWriter& w, const World& world, const std::vector<ObjPtr>& items) {
  w.begin_array();
  for (const ObjPtr& i : items)
    if (world.seen.count(i.get()) || !drawn(i)) w.value(i->id);
  w.end_array();
  w.key("len").value(int64_t(items.size()));
}

void write_object(JsonWriter& w, const World& world, interp::Interpreter& in, const ObjPtr& o) {
  w.begin_object();
  w.key("id").value(o->id);
  w.key("type").value(in.type_name(o));
  switch (o->kind) {
    case Kind::Tensor: w.key("tensor").value(static_cast<interp::TensorObj&>(*o).tensor.id()); break;
    case Kind::NdArray:
      w.key("tensor").value(static_cast<interp::NdArrayObj&>(*o).array.id());
      w.key("repr").value(in.repr_without_user_code(o));
      break;
    case Kind::List: w.key("items"); write_ids(w, world, static_cast<interp::ListObj&>(*o).items); break;
    case Kind::Tuple: w.key("items"); write_ids(w, world, static_cast<interp::TupleObj&>(*o).items); break;
    case Kind::Set: w.key("items"); write_ids(w, world, static_cast<interp::SetObj&>(*o).table.keys()); break;  // print order
    case Kind::Dict: {
      auto& items = static_cast<interp::DictObj&>(*o).items;
      auto shown = [&](const ObjPtr& x) { return world.seen.count(x.get()) || !drawn(x); };
      w.key("items").begin_array();
      for (auto& [k, v] : items)
        if (shown(k) && shown(v)) w.begin_array().value(k->id).value(v->id).end_array();
      w.end_array();
      w.key("len").value(int64_t(items.size()));
      break;
    }
    case Kind::Node: w.key("node").value(static_cast<interp::NodeObj&>(*o).node->id); break;
    case Kind::Instance: {
      auto& a = static_cast<interp::AttrObj&>(*o);
      w.key("repr").value(in.repr_without_user_code(o));
      w.key("attrs").begin_array();
      for (auto& name : a.attr_order)
        if (drawn(a.get(name)) && world.seen.count(a.get(name).get()))
          w.begin_array().value(name).value(a.get(name)->id).end_array();
      w.end_array();
      break;
    }
    default: w.key("repr").value(in.repr_without_user_code(o)); break;
  }
  w.end_object();
}

void write_int_list(JsonWriter& w, const Shape& s) {
  w.begin_array();
  for (int64_t v : s) w.value(v);
  w.end_array();
}

void write_tensor(JsonWriter& w, const World& world, const std::shared_ptr<TensorImpl>& impl) {
  Tensor t(impl);
  w.begin_object();
  w.key("id").value(t.id());
  auto obj = world.tensor_object.find(t.id());
  w.key("object");
  if (obj != world.tensor_object.end()) w.value(obj->second); else w.null();
  format::TensorReprExtras extras;
  if (impl->grad_fn) extras.grad_fn_name = impl->grad_fn->name();  // raw: reading must not regenerate
  extras.requires_grad = t.requires_grad();
  extras.is_parameter = impl->is_parameter;
  w.key("repr").value(format::tensor_repr(t, extras));
  w.key("sizes"); write_int_list(w, t.sizes());
  w.key("strides"); write_int_list(w, t.strides());
  w.key("storage_offset").value(t.storage_offset());
  w.key("dtype").value(dtype_short_name(t.dtype()));
  w.key("device").value(t.device().str());
  w.key("element_size").value(int64_t(t.element_size()));
  w.key("storage").value(t.storage()->id());
  w.key("version_family").value(impl->version_counter->id);
  w.key("_version").value(t.version());
  w.key("_base");
  if (impl->base) w.value(impl->base->id); else w.null();
  w.key("is_view").value(impl->base != nullptr);
  w.key("is_contiguous").value(t.is_contiguous());
  w.key("requires_grad").value(t.requires_grad());
  w.key("is_leaf").value(impl->grad_fn == nullptr);
  w.key("retains_grad").value(impl->retains_grad);
  w.key("grad_fn");
  if (impl->grad_fn) w.value(impl->grad_fn->id); else w.null();
  w.key("output_nr").value(int64_t(impl->output_nr));
  w.key("grad");
  if (impl->grad) w.value(impl->grad->id); else w.null();
  w.key("is_parameter").value(impl->is_parameter);
  w.key("data_ptr").value(t.data_ptr());
  w.end_object();
}

void write_node(JsonWriter& w, const std::shared_ptr<Node>& n) {
  w.begin_object();
  w.key("id").value(n->id);
  w.key("name").value(n->name());
  w.key("next").begin_array();
  for (const Edge& e : n->next_edges) {
    w.begin_object().key("node");
    if (e.function) w.value(e.function->id); else w.null();
    w.key("input_nr").value(int64_t(e.input_nr)).end_object();
  }
  w.end_array();
  w.key("saved").begin_array();
  for (const SavedVariable* sv : n->saved_variables()) {
    if (!sv->defined()) continue;
    Tensor t = sv->tensor_if_alive();
    w.begin_object().key("name").value(sv->name()).key("tensor");
    if (t.defined()) w.value(t.id()); else w.null();
    w.key("saved_version").value(sv->saved_version());
    w.key("current_version").value(sv->current_version());
    w.key("released").value(sv->was_released());
    w.end_object();
  }
  w.end_array();
  w.key("tensor");
  std::shared_ptr<TensorImpl> out = n->outputs.empty() ? nullptr : n->outputs[0].lock();
  if (out) w.value(out->id); else w.null();
  w.key("variable");
  if (auto* acc = (n ? n->as_accumulate_grad() : nullptr); acc && acc->variable) w.value(acc->variable->id);
  else w.null();
  w.end_object();
}

void write_number(JsonWriter& w, double v, DType d) {
  if (is_floating(d)) w.value(v);
  else w.value(int64_t(v));
}

}  // namespace

void WorldSnapshotter::write(Session& session, JsonWriter& w, const std::shared_ptr<Node>& extra_root) {
  interp::Interpreter& in = session.interpreter();
  World world;
  std::vector<std::pair<std::string, ObjPtr>> variables;
  for (const std::string& name : session.global_names()) {
    ObjPtr o = session.global(name);
    if (!drawn(o)) continue;
    variables.push_back({name, o});
    discover(world, in, o);
  }
  if (extra_root) add_node(world, extra_root);
  close_over_graph(world);

  w.key("variables").begin_array();
  for (auto& [name, o] : variables) w.begin_object().key("name").value(name).key("object").value(o->id).end_object();
  w.end_array();
  w.key("objects").begin_array();
  for (const ObjPtr& o : world.objects) write_object(w, world, in, o);
  w.end_array();

  // Storages: the dtype of the first tensor (creation order) that reads each one decides how
  // its bytes are shown.
  std::map<int64_t, std::shared_ptr<TensorImpl>> storage_reader;
  w.key("tensors").begin_array();
  for (auto& [id, t] : world.tensors) {
    write_tensor(w, world, t);
    storage_reader.emplace(t->storage->id(), t);
  }
  w.end_array();

  w.key("storages").begin_array();
  for (auto& [sid, t] : storage_reader) {
    const Storage& s = *t->storage;
    DType d = t->dtype;
    int64_t numel = int64_t(s.nbytes() / itemsize(d));
    Tensor reader(t);
    w.begin_object();
    w.key("id").value(sid);
    w.key("device").value(s.device().str());
    w.key("nbytes").value(uint64_t(s.nbytes()));
    w.key("data_ptr").value(s.address());
    w.key("dtype").value(dtype_short_name(d));
    w.key("numel").value(numel);
    w.key("write_count").value(s.write_count());
    auto memo = memo_.find(sid);
    bool fresh = memo == memo_.end();
    bool changed = fresh || memo->second.write_count != s.write_count();
    w.key("new").value(fresh);
    // Indices shown: all, or the first and last halves of max_values_.
    std::vector<int64_t> shown;
    bool summarised = numel > int64_t(max_values_);
    int64_t half = int64_t(max_values_ / 2);
    for (int64_t i = 0; i < numel; ++i) {
      if (summarised && i == half) i = numel - half;
      shown.push_back(i);
    }
    std::vector<double> values;
    if (changed) {
      values.reserve(shown.size());
      for (int64_t i : shown) values.push_back(reader.double_at(i));
    }
    w.key("written").begin_array();
    if (changed && !fresh && memo->second.values.size() == values.size()) {
      for (size_t k = 0; k < values.size(); ++k) {
        double a = values[k], b = memo->second.values[k];
        if (!(a == b || (std::isnan(a) && std::isnan(b)))) w.value(shown[k]);
      }
    }
    w.end_array();
    w.key("values");
    if (changed) {
      w.begin_array();
      for (double v : values) write_number(w, v, d);
      w.end_array();
      memo_[sid] = StorageMemo{s.write_count(), std::move(values)};
    } else {
      w.null();
    }
    w.key("summary");
    if (summarised) w.begin_object().key("head").value(half).key("tail").value(half).key("total").value(numel).end_object();
    else w.null();
    w.end_object();
  }
  w.end_array();

  w.key("nodes").begin_array();
  for (auto& [id, n] : world.nodes) write_node(w, n);
  w.end_array();
}

}  // namespace tp::trace
