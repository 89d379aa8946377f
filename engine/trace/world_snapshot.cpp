#include "trace/world_snapshot.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <deque>
#include <set>
#include <unordered_map>

#include "core/context.h"

#include "autograd/node.h"
#include "format/tensor_str.h"
#include "python/interpreter.h"
#include "python/value.h"
#include "trace/byte_diff.h"
#include "trace/hash_mix.h"
#include "trace/node_entry.h"
#include "trace/object_print.h"
#include "trace/tensor_entry.h"
#include "trace/session.h"
#include "trace/step_map.h"

namespace tp::trace {

namespace {

using interp::Kind;
using interp::ObjPtr;

// Library namespaces and callables are not part of the picture a learner reasons about.
bool drawn_kind(Kind k) { return k != Kind::Module && k != Kind::Class && k != Kind::Function && k != Kind::BoundMethod; }
bool drawn(const ObjPtr& o) { return o && drawn_kind(o->kind); }

}  // namespace

// Everything one step draws. Kept by the snapshotter and cleared after each step (its sets and
// vectors keep their memory: a step allocates little).
struct World {
  // Reachable objects (id, where the container or name holds it), discovery order until sorted
  // by id. Nothing runs during a snapshot that could move them.
  std::vector<std::pair<int64_t, const ObjPtr*>> objects;
  // Note [Trace marks]: an object reached by this step carries the step's mark, so asking whether
  // the step reached it (for every item of every container drawn) reads a field instead of
  // probing a hash set. Every step takes a mark no object carries yet.
  uint32_t mark = next_mark();
  std::vector<std::shared_ptr<TensorImpl>> tensors;  // sorted by id (creation order) once complete
  StepMap tensor_ids;
  StepMap tensor_object;                    // tensor id -> Python object id
  std::vector<std::shared_ptr<Node>> nodes;            // sorted by id once complete
  StepMap node_ids;
  std::vector<const ObjPtr*> queue;                    // discover's, reused
  std::deque<ObjPtr> set_keys;                         // sets' keys, copied for discover (pointers stay valid)
  std::deque<ObjPtr> roots;                            // the globals' objects, held for the step likewise
  std::vector<std::shared_ptr<Node>> node_stack;       // add_node's, reused

  bool reached(const interp::Object* o) const { return o && o->trace_mark == mark; }
  static uint32_t next_mark() {
    static uint32_t last = 0;
    if (++last == 0) ++last;  // 0 is no step's (after 2^32 steps an old mark could come back: none lives that long)
    return last;
  }

  void clear() {
    mark = next_mark();
    objects.clear(); tensors.clear(); tensor_ids.clear(); tensor_object.clear();
    nodes.clear(); node_ids.clear(); queue.clear(); set_keys.clear(); roots.clear(); node_stack.clear();
  }
};

namespace {

void add_tensor(World& world, const std::shared_ptr<TensorImpl>& t) {
  if (!t || !world.tensor_ids.insert(uint64_t(t->id))) return;
  world.tensors.push_back(t);
  add_tensor(world, t->grad);
  add_tensor(world, t->base);
}

void add_node(World& world, const std::shared_ptr<Node>& root) {
  auto& stack = world.node_stack;  // the set of nodes reached does not depend on the visiting order
  stack.assign(1, root);
  while (!stack.empty()) {
    std::shared_ptr<Node> n = std::move(stack.back());
    stack.pop_back();
    if (!n || !world.node_ids.insert(uint64_t(n->id))) continue;
    for (const Edge& e : n->next_edges) stack.push_back(e.function);
    world.nodes.push_back(std::move(n));
  }
}

// Note [A snapshot of bounded size]: a program may hold 100,000 lists of 1,000 numbers; one
// snapshot of all of it would take gigabytes. A snapshot draws at most kMaxDrawnObjects objects
// (breadth first from the names, so what a name points at comes first), and a container lists only
// the items that are drawn; its "len" still says how many it holds.
constexpr size_t kMaxDrawnObjects = 20000;

void discover(World& world, const ObjPtr& root) {
  // Pointers to the ObjPtrs the containers hold (nothing runs during a snapshot, so they stay put):
  // no reference count moves for an object seen before, which is most of them.
  auto& queue = world.queue;
  queue.assign(1, &root);
  auto push = [&queue](const ObjPtr& o) { queue.push_back(&o); };
  for (size_t head = 0; head < queue.size(); ++head) {
    const ObjPtr& o = *queue[head];
    if (!drawn(o) || world.reached(o.get())) continue;
    if (world.objects.size() >= kMaxDrawnObjects) return;
    o->trace_mark = world.mark;
    world.objects.push_back({o->id, &o});
    switch (o->kind) {
      case Kind::List: for (auto& i : static_cast<interp::ListObj&>(*o).items) push(i); break;
      case Kind::Tuple: for (auto& i : static_cast<interp::TupleObj&>(*o).items) push(i); break;
      case Kind::Set:  // its keys come as a copy: kept for the step
        for (auto& i : static_cast<interp::SetObj&>(*o).table.keys()) push(world.set_keys.emplace_back(i));
        break;
      case Kind::Dict:
        for (auto& [k, v] : static_cast<interp::DictObj&>(*o).items) { push(k); push(v); }
        break;
      case Kind::Instance: {
        auto& a = static_cast<interp::AttrObj&>(*o);
        for (auto& name : a.attr_order)
          if (auto it = a.attrs.find(name); it != a.attrs.end()) push(it->second);
        break;
      }
      case Kind::Tensor: {
        const Tensor& t = static_cast<interp::TensorObj&>(*o).tensor;
        *world.tensor_object.try_emplace(uint64_t(t.id())).first = uint64_t(o->id);
        add_tensor(world, t.impl_ptr());
        break;
      }
      case Kind::NdArray: {
        const Tensor& t = static_cast<interp::NdArrayObj&>(*o).array;
        *world.tensor_object.try_emplace(uint64_t(t.id())).first = uint64_t(o->id);
        add_tensor(world, t.impl_ptr());
        break;
      }
      case Kind::Bytes: {  // Note [Bytes in a storage]: drawn as a uint8 view of its storage
        const Tensor& t = static_cast<interp::BytesObj&>(*o).data;
        *world.tensor_object.try_emplace(uint64_t(t.id())).first = uint64_t(o->id);
        add_tensor(world, t.impl_ptr());
        break;
      }
      case Kind::Node: add_node(world, static_cast<interp::NodeObj&>(*o).node); break;
      default: break;
    }
  }
}

// Nodes reachable from tensors, and tensors the graph holds (saved tensors, AccumulateGrad leaves).
// Then both lists in id order.
void close_over_graph(World& world) {
  for (size_t i = 0, n = world.tensors.size(); i < n; ++i) add_node(world, world.tensors[i]->grad_fn);
  for (size_t i = 0, n = world.nodes.size(); i < n; ++i) {
    Node* node = world.nodes[i].get();
    for (const SavedVariable& sv : node->saved_variables())
      if (Tensor t = sv.tensor_if_alive(); t.defined()) add_tensor(world, t.impl_ptr());
    if (auto* acc = node->as_accumulate_grad()) add_tensor(world, acc->variable);
  }
  for (size_t i = 0; i < world.tensors.size(); ++i) add_node(world, world.tensors[i]->grad_fn);
  auto by_id = [](const auto& a, const auto& b) { return a->id < b->id; };
  std::sort(world.tensors.begin(), world.tensors.end(), by_id);
  std::sort(world.nodes.begin(), world.nodes.end(), by_id);
}

void write_ids(JsonWriter& w, const World& world, const std::vector<ObjPtr>& items) {
  w.begin_array();
  for (const ObjPtr& i : items)
    if (world.reached(i.get()) || !drawn(i)) w.value(i->id);
  w.end_array();
  w.key("len").value(int64_t(items.size()));
}

// Immutable objects (and a tensor's Python object, which always wraps the same tensor): their
// JSON is the same at every step.
bool fixed_json(Kind k) {
  switch (k) {
    case Kind::None: case Kind::Bool: case Kind::Int: case Kind::Float: case Kind::Str: case Kind::Slice:
    case Kind::Ellipsis: case Kind::Range: case Kind::Size: case Kind::DType: case Kind::Device: case Kind::Tensor:
      return true;
    default:
      return false;
  }
}

// `w`: a scratch writer (its memory is reused from object to object).
std::string object_json(const World& world, interp::Interpreter& in, const ObjPtr& o, JsonWriter& w) {
  w.clear();
  w.begin_object();
  w.key("id").value(o->id);
  w.key("type").value(in.type_name(o));
  switch (o->kind) {
    case Kind::Tensor: w.key("tensor").value(static_cast<interp::TensorObj&>(*o).tensor.id()); break;
    case Kind::Bytes:
      w.key("tensor").value(static_cast<interp::BytesObj&>(*o).data.id());
      w.key("repr").value(in.repr_without_user_code(o));
      break;
    case Kind::NdArray:
      w.key("tensor").value(static_cast<interp::NdArrayObj&>(*o).array.id());
      w.key("repr").value(in.repr_without_user_code(o));
      break;
    case Kind::List: w.key("items"); write_ids(w, world, static_cast<interp::ListObj&>(*o).items); break;
    case Kind::Tuple: w.key("items"); write_ids(w, world, static_cast<interp::TupleObj&>(*o).items); break;
    case Kind::Set: w.key("items"); write_ids(w, world, static_cast<interp::SetObj&>(*o).table.keys()); break;  // print order
    case Kind::Dict: {
      auto& items = static_cast<interp::DictObj&>(*o).items;
      auto shown = [&](const ObjPtr& x) { return world.reached(x.get()) || !drawn(x); };
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
        if (drawn(a.get(name)) && world.reached(a.get(name).get()))
          w.begin_array().value(name).value(a.get(name)->id).end_array();
      w.end_array();
      break;
    }
    default: w.key("repr").value(in.repr_without_user_code(o)); break;
  }
  w.end_object();
  return std::string(w.str());
}

bool same_value(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

double element_value(const uint8_t* bytes, DType d) {
  double v = 0;
  TP_DISPATCH_STORAGE(d, scalar_t, {
    scalar_t x;
    std::memcpy(&x, bytes, sizeof x);
    v = double(x);
  });
  return v;
}

// The bytes of up to `limit` elements of a tensor in row-major order (what it holds, not its whole
// storage): a copy, where turning each element into a double cost a training loop 2 % of its trace.
void element_bytes(const Tensor& t, size_t limit, std::vector<uint8_t>& out) {
  const size_t item = t.element_size();
  const size_t n = std::min(size_t(t.numel()), limit);
  out.resize(n * item);
  if (n == 0) return;
  if (t.is_contiguous()) {
    std::memcpy(out.data(), t.raw(t.storage_offset()), n * item);
    return;
  }
  for (size_t k = 0; k < n; ++k) std::memcpy(out.data() + k * item, t.raw(t.storage_index_of(int64_t(k))), item);
}

// What a saved tensor's values are read from besides its storage's bytes: which storage, where in
// it and how (`x.data = y` gives the saved tensor another storage, dtype or shape without a write).
uint64_t reading_of(const Tensor& t) {
  uint64_t h = mix(uint64_t(t.storage()->id()), t.storage()->write_count());
  h = mix(h, uint64_t(t.storage_offset()));
  h = mix(h, uint64_t(t.dtype()));
  for (int64_t v : t.sizes()) h = mix(h, uint64_t(v));
  for (int64_t v : t.strides()) h = mix(h, uint64_t(v));
  return h;
}

// Whether two element_bytes (of dtypes `da`, `db`) hold the same values (-0.0 is 0.0, and any NaN
// another NaN): `x.data = y` may even change a saved tensor's dtype.
bool same_values(const std::vector<uint8_t>& a, DType da, const std::vector<uint8_t>& b, DType db) {
  const size_t ia = itemsize(da), ib = itemsize(db);
  if (a.size() / ia != b.size() / ib) return false;
  if (da == db && a == b) return true;
  for (size_t k = 0; k < a.size() / ia; ++k)
    if (!same_value(element_value(&a[k * ia], da), element_value(&b[k * ib], db))) return false;
  return true;
}

void write_number(JsonWriter& w, double v, DType d) {
  if (d == DType::Float64) w.value(v);
  else if (is_floating(d)) w.value(float(v));  // float32 and float16 values are exact float32s: Note [Float32 cells]
  else w.value(int64_t(v));
}

// Storage cell `index` (in elements of `d`) as the page shows it; a float32 cell is read straight
// from its bytes, the common case (Note [Float32 cells]).
void write_cell(JsonWriter& w, const uint8_t* data, int64_t index, DType d) {
  if (d == DType::Float32) {
    float x;
    std::memcpy(&x, data + size_t(index) * sizeof x, sizeof x);
    w.value(x);
    return;
  }
  write_number(w, element_value(data + size_t(index) * itemsize(d), d), d);
}

void write_id_list(JsonWriter& w, const char* key, const std::vector<int64_t>& ids) {
  w.key(key).begin_array();
  for (int64_t id : ids) w.value(id);
  w.end_array();
}

// Appends the session's print options and default dtype (what a repr depends on beyond the tensor).
void print_options_print(std::vector<int64_t>& p) {
  const PrintOptions& o = ctx().print_options;
  double threshold = o.threshold;
  int64_t bits;
  std::memcpy(&bits, &threshold, sizeof bits);
  p.insert(p.end(), {o.precision, bits, o.edgeitems, o.linewidth, o.sci_mode ? int64_t(*o.sci_mode) : -1,
                     int64_t(ctx().default_dtype)});
}

// Drops what the last step showed and this one did not draw (its `step` stamp is older); their
// ids go to `removed`, sorted. `drawn`: how many entities this step drew (each has an entry).
template <class Shown>
void take_gone(Shown& shown, uint64_t step, size_t drawn, std::vector<int64_t>& removed) {
  if (shown.size() == drawn) return;  // every entry was drawn by this step: none is gone
  for (auto it = shown.begin(); it != shown.end();) {
    if (it->second.step == step) { ++it; continue; }
    removed.push_back(it->first);
    it = shown.erase(it);
  }
  std::sort(removed.begin(), removed.end());
}

}  // namespace

WorldSnapshotter::WorldSnapshotter(size_t max_storage_values, bool cache_reprs)
    : max_values_(max_storage_values), cache_reprs_(cache_reprs), world_(std::make_unique<World>()) {}
WorldSnapshotter::~WorldSnapshotter() = default;

// A storage's memo is kept while it is out of view (it may come back), until the storage is gone:
// a training loop makes thousands, which would otherwise all stay in the memo. Looked for each
// time the memo has doubled, so the cost is amortised.
void WorldSnapshotter::forget_dead_storages() {
  if (memo_.size() < memo_checked_at_) return;
  for (auto it = memo_.begin(); it != memo_.end();) it = it->second.storage.expired() ? memo_.erase(it) : std::next(it);
  memo_checked_at_ = std::max<size_t>(64, 2 * memo_.size());
}

void WorldSnapshotter::write(Session& session, JsonWriter& w, const std::shared_ptr<Node>& extra_root, bool keyframe) {
  keyframe = keyframe || first_;
  first_ = false;
  struct TraceObjectIds {  // Note [Objects the trace makes] (core/context.h)
    TraceObjectIds() { ctx().swap_in_trace_object_ids(); }
    ~TraceObjectIds() { ctx().swap_in_trace_object_ids(); }
  } trace_object_ids;
  interp::Interpreter& in = session.interpreter();
  World& world = *world_;
  struct ClearAfter {  // the step's world keeps nothing alive
    World& world;
    ~ClearAfter() { world.clear(); }
  } clear_after{world};
  JsonWriter& vw = scratch_json_;  // the names' JSON, written while their objects are discovered
  vw.clear();
  vw.begin_array();
  for (const std::string& name : session.global_names()) {
    const ObjPtr& o = world.roots.emplace_back(session.global(name));
    if (!drawn(o)) continue;
    vw.begin_object().key("name").value(name).key("object").value(o->id).end_object();
    discover(world, o);
  }
  vw.end_array();
  std::vector<interp::Interpreter::CallFrame> frames = in.call_frames();
  for (auto& f : frames) {
    auto& locals = f.locals;
    locals.erase(std::remove_if(locals.begin(), locals.end(), [](auto& v) { return !drawn(v.second); }), locals.end());
    for (auto& [name, o] : locals) discover(world, o);
  }
  if (extra_root) add_node(world, extra_root);
  close_over_graph(world);
  work_ += world.objects.size() + world.tensors.size() + world.nodes.size();

  w.key("keyframe").value(keyframe);
  const bool new_variables = vw.str() != variables_;
  if (keyframe || new_variables) w.key("variables").raw(vw.str());
  if (new_variables) variables_.assign(vw.str());
  {
    JsonWriter& fw = scratch_json_;  // the variables' JSON is copied out above
    fw.clear();
    fw.begin_array();
    for (auto& f : frames) {
      fw.begin_object().key("name").value(f.name).key("variables").begin_array();
      for (auto& [name, o] : f.locals) fw.begin_object().key("name").value(name).key("object").value(o->id).end_object();
      fw.end_array().end_object();
    }
    fw.end_array();
    const bool new_frames = fw.str() != frames_;
    if (keyframe || new_frames) w.key("frames").raw(fw.str());
    if (new_frames) frames_.assign(fw.str());
  }

  auto& [removed_objects, removed_tensors, removed_storages, removed_nodes] = removed_;
  for (auto* ids : {&removed_objects, &removed_tensors, &removed_storages, &removed_nodes}) ids->clear();
  auto& objects = world.objects;  // sorted on the ids at hand, not through the pointers
  std::sort(objects.begin(), objects.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  ++step_;
  std::vector<int64_t>& options = options_now_;  // scratch, reused
  options.clear();
  print_options_print(options);
  if (options != options_) { options_ = options; ++options_epoch_; }
  auto shown = [&](const interp::Object* x) { return world.reached(x) || !drawn_kind(x->kind); };
  ObjectPrinter printer(shown, options_epoch_, values_read_, object_hashes_);
  // The objects whose JSON may have changed are serialised first, and what the last step showed
  // is updated only once all have been: a repr that throws (one that recurses without end) drops
  // the step, and the next one must compare with what the page was really shown.
  auto& changed = changed_objects_;
  changed.clear();
  for (const auto& [id, each] : objects) {
    const ObjPtr& o = *each;
    auto it = objects_.find(id);
    const bool fresh = it == objects_.end();
    // an object whose JSON can never change, shown before, is not serialised again
    if (!keyframe && !fresh && fixed_json(o->kind)) { it->second.step = step_; continue; }
    const uint64_t print = cache_reprs_ ? printer.print(o) : 0;  // Note [Object fingerprints]
    if (!keyframe && !fresh && print && it->second.print == print) { it->second.step = step_; continue; }
    values_read_now_.clear();
    {
      format::ValuesRead read(values_read_now_);
      changed.push_back({id, print, object_json(world, in, o, scratch_json_)});
    }
    values_read_.insert(values_read_now_.begin(), values_read_now_.end());
  }
  // Note [Deltas]: a step lists the objects whose JSON differs from what the previous step showed
  // (new ones included) and the ids of those that are gone; a keyframe lists every object.
  w.key("objects").begin_array();
  for (auto& [id, print, json] : changed) {
    auto [it, fresh] = objects_.try_emplace(id);
    ShownObject& last = it->second;
    if (keyframe || fresh || last.json != json) {
      w.raw(json);
      last.json = std::move(json);
    }
    last.print = print;
    last.step = step_;
  }
  w.end_array();
  take_gone(objects_, step_, world.objects.size(), removed_objects);

  // Storages: the dtype of the first tensor (creation order) that reads each one decides how
  // its bytes are shown.
  auto& storage_reader = storage_readers_;  // (storage id, its first reader), sorted by storage id below
  storage_reader.clear();
  StepMap& storage_ids = storage_ids_;
  storage_ids.clear();
  // Note [Reprs on demand]: a tensor's repr is frozen and referred to by number.
  ReprStore& store = session.reprs();
  w.key("tensors").begin_array();
  for (auto& t : world.tensors) {
    const int64_t id = t->id;
    if (storage_ids.insert(uint64_t(t->storage->id()))) storage_reader.push_back({t->storage->id(), &t});
    const uint64_t* obj = world.tensor_object.find(uint64_t(id));
    TensorEntry& e = scratch_tensor_;
    gather_tensor_facts(t, obj ? int64_t(*obj) : -1, e);
    auto [it, fresh] = tensors_shown_.try_emplace(id);
    TensorShown& shown = it->second;
    shown.step = step_;
    // Note [What a repr depends on]: its values (the storage's bytes: write_count moves with every
    // write, also through `.data`, whose version counter is another one), its metadata (`set_`/
    // `resize_` change these without a value write, and a grown storage is a write), its autograd
    // suffix, and the session's print options and default dtype.
    const bool unchanged = !fresh && shown.entry.same_facts(e) && shown.write_count == t->storage->write_count() &&
                           shown.nbytes == t->storage->nbytes() && shown.options_epoch == options_epoch_;
    if (!keyframe && cache_reprs_ && unchanged) continue;  // Note [Fingerprints]
    if (cache_reprs_ && unchanged) {
      e.repr_ref = shown.entry.repr_ref;
    } else {
      format::TensorReprExtras extras;
      extras.grad_fn_name = t->grad_fn ? t->grad_fn->name() : std::string();  // raw: reading must not regenerate
      extras.requires_grad = e.requires_grad;
      extras.is_parameter = t->is_parameter;
      e.repr_ref = store.freeze(Tensor(t), extras, fresh ? -1 : shown.entry.repr_ref);
    }
    const bool same_entry = !fresh && shown.entry.same_facts(e) && shown.entry.repr_ref == e.repr_ref;
    if (keyframe || !same_entry) write_tensor_entry(w, e, keyframe || fresh ? nullptr : &shown.entry);
    std::swap(shown.entry, e);  // the scratch keeps the old vectors' memory for the next tensor
    shown.write_count = t->storage->write_count();
    shown.nbytes = t->storage->nbytes();
    shown.options_epoch = options_epoch_;
  }
  w.end_array();
  take_gone(tensors_shown_, step_, world.tensors.size(), removed_tensors);

  w.key("storages").begin_array();
  std::sort(storage_reader.begin(), storage_reader.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& [sid, reader_ptr] : storage_reader) {
    const std::shared_ptr<TensorImpl>& t = *reader_ptr;
    const Storage& s = *t->storage;
    DType d = t->dtype;
    int64_t numel = int64_t(s.nbytes() / itemsize(d));
    bool summarised = numel > int64_t(max_values_);
    int64_t half = int64_t(max_values_ / 2);
    const StoragePrint now{uint64_t(s.nbytes()), s.address(), s.write_count(), d};
    auto [shown_it, first_shown] = storages_.try_emplace(sid);
    StorageShown& shown = shown_it->second;
    if (!keyframe && !first_shown && shown.print == now) continue;  // Note [Fingerprints]
    shown.print = now;
    JsonWriter& mw = scratch_json_;  // what identifies the storage's drawing apart from its values
    mw.clear();
    mw.begin_object();
    mw.key("device").value(s.device().str());
    mw.key("nbytes").value(uint64_t(s.nbytes()));
    mw.key("data_ptr").value(s.address());
    if (s.base())  // Note [Storage views] (core/storage.h): torch.frombuffer's storage over a bytearray's
      mw.key("views").begin_object().key("storage").value(s.base()->id()).key("byte_offset").value(uint64_t(s.byte_offset())).end_object();
    mw.key("dtype").value(dtype_short_name(d));
    mw.key("numel").value(numel);
    mw.key("write_count").value(s.write_count());
    mw.key("summary");
    if (summarised) mw.begin_object().key("head").value(half).key("tail").value(half).key("total").value(numel).end_object();
    else mw.null();
    mw.end_object();
    const std::string_view meta = mw.str();

    auto memo = memo_.find(sid);
    bool fresh = memo == memo_.end();
    // read with another dtype than last time (its first reader died): every value is new
    bool same_reading = !fresh && memo->second.dtype == d;
    bool changed = !same_reading || memo->second.write_count != s.write_count();
    bool unchanged_since_shown = !changed && !first_shown && shown.meta == meta;
    if (!unchanged_since_shown) shown.meta.assign(meta);
    if (unchanged_since_shown && !keyframe) continue;

    w.begin_object();
    w.key("id").value(sid);
    w.raw_members(meta);
    w.key("new").value(fresh);
    // Elements shown: all, or the first and last halves of max_values_. Position k of what is
    // shown is element index_of(k).
    const size_t item = itemsize(d);
    const size_t n_shown = summarised ? size_t(2 * half) : size_t(numel);
    auto index_of = [&](size_t k) { return summarised && k >= size_t(half) ? numel - half + int64_t(k) - half : int64_t(k); };
    // The shown elements' bytes: comparing them with the last ones finds the written cells
    // without turning every element into a double (a loop writing one cell per statement). The
    // memo's copy is brought up to date in the same pass; a storage read for the first time (or
    // with another dtype) gets a new copy.
    std::vector<size_t>& written = written_;  // positions in what is shown
    written.clear();
    std::vector<uint8_t>* before = same_reading ? &memo->second.bytes : nullptr;
    const bool diffed = changed && before && before->size() == n_shown * item;
    std::vector<uint8_t>& bytes = storage_bytes_;  // scratch for a new copy: swapped into the memo
    if (diffed) {  // only the elements the writes since may have touched (Note [Written spans])
      const uint8_t* data = s.data();
      const auto [lo, hi] = elements_touched(s.written_since(memo->second.write_count), 0, item, size_t(numel));
      const size_t head = summarised ? size_t(half) : size_t(numel);
      if (lo < std::min(hi, head))
        take_differences(data + lo * item, before->data() + lo * item, std::min(hi, head) - lo, item, written, lo);
      if (summarised) {  // and in the shown tail, elements [numel - half, numel)
        const size_t tail = size_t(numel - half), a = std::max(lo, tail), at = head + (a - tail);
        if (a < hi) take_differences(data + a * item, before->data() + at * item, hi - a, item, written, at);
      }
    } else if (changed) {
      const uint8_t* data = s.data();
      bytes.assign(data, data + (summarised ? size_t(half) : size_t(numel)) * item);
      if (summarised) bytes.insert(bytes.end(), data + size_t(numel - half) * item, data + size_t(numel) * item);
    }
    w.key("written").begin_array();
    for (size_t k : written) w.value(index_of(k));
    w.end_array();
    // A few cells changed: only those ("patch"), unless this is a keyframe.
    bool patch = diffed && !keyframe && written.size() * 4 < n_shown;
    w.key("values");
    if (changed && !patch) {
      w.begin_array();
      for (size_t k = 0; k < n_shown; ++k) write_cell(w, s.data(), index_of(k), d);
      w.end_array();
    } else {
      w.null();
    }
    if (patch) {
      w.key("patch").begin_array();
      for (size_t k : written) {
        w.begin_array().value(uint64_t(k));
        write_cell(w, s.data(), index_of(k), d);
        w.end_array();
      }
      w.end_array();
    }
    if (diffed) {
      memo->second.write_count = s.write_count();
    } else if (changed && memo != memo_.end()) {
      memo->second.write_count = s.write_count();
      memo->second.dtype = d;
      memo->second.bytes.swap(bytes);
    } else if (changed) {
      memo_.emplace(sid, StorageMemo{s.write_count(), d, std::move(bytes), t->storage});
    }
    w.end_object();
  }
  w.end_array();
  forget_dead_storages();
  // the storages this step did not draw are gone (each drawn one has an entry: once the sizes
  // are equal, none is left)
  for (auto it = storages_.begin(); storages_.size() > storage_ids.size() && it != storages_.end();) {
    if (storage_ids.contains(uint64_t(it->first))) { ++it; continue; }
    removed_storages.push_back(it->first);
    it = storages_.erase(it);
  }
  std::sort(removed_storages.begin(), removed_storages.end());

  // Note [Saved values]: a saved tensor written through `.data` keeps its version, so backward
  // does not notice; the trace compares its values with the ones it had when first drawn.
  std::vector<bool>& values_changed = values_changed_;
  w.key("nodes").begin_array();
  for (auto& n : world.nodes) {
    const int64_t id = n->id;
    auto [it, fresh] = nodes_shown_.try_emplace(id);
    NodeShown& shown = it->second;
    shown.step = step_;
    const auto& saved = n->saved_variables();
    values_changed.assign(saved.size(), false);
    shown.saved.resize(saved.size());
    // Note [A node's state]: what of a node's entry can change once it exists (its name and
    // next edges cannot), hashed while its saved tensors are looked at anyway. Unchanged, the
    // entry is not gathered and compared again.
    uint64_t state = mix(mix(saved.size(), n->pre_hooks.size()), n->post_hooks.size());
    for (size_t k = 0; k < saved.size(); ++k) {
      SavedMemo& memo = shown.saved[k];
      const SavedVariable& sv = saved[k];
      state = mix(mix(mix(state, uint64_t(sv.defined()) | uint64_t(sv.was_released()) << 1), uint64_t(sv.saved_version())),
                  uint64_t(sv.current_version()));
      if (!sv.defined()) { memo.seen = false; continue; }
      Tensor t = sv.tensor_if_alive();
      state = mix(state, uint64_t(t.defined() ? t.id() : -1));
      if (!t.defined()) { values_changed[k] = memo.seen && memo.changed; state = mix(state, values_changed[k]); continue; }
      const uint64_t reading = reading_of(t);
      if (!memo.seen) {
        memo = SavedMemo{reading, {}, t.dtype(), false, true};
        element_bytes(t, max_values_, memo.first);
        state = mix(state, false);
        continue;
      }
      if (memo.reading != reading) {
        element_bytes(t, max_values_, saved_bytes_);
        memo.changed = !same_values(saved_bytes_, t.dtype(), memo.first, memo.dtype);
        memo.reading = reading;
      }
      values_changed[k] = memo.changed;
      state = mix(state, values_changed[k]);
    }
    const std::shared_ptr<TensorImpl> output = n->outputs.empty() ? nullptr : n->outputs[0].lock();
    state = mix(state, uint64_t(output ? output->id : -1));
    if (auto* acc = n->as_accumulate_grad()) state = mix(state, uint64_t(acc->variable ? acc->variable->id : -1));
    if (!keyframe && !fresh && state == shown.state) continue;
    shown.state = state;
    NodeEntry& e = scratch_node_;
    gather_node_facts(*n, values_changed, e);
    // Note [Changed members]: a node shown before is listed with the members that changed
    if (keyframe || fresh || !(shown.entry == e)) write_node_entry(w, e, keyframe || fresh ? nullptr : &shown.entry);
    std::swap(shown.entry, e);  // the scratch keeps the old vectors' memory for the next node
  }
  w.end_array();
  take_gone(nodes_shown_, step_, world.nodes.size(), removed_nodes);

  w.key("removed").begin_object();
  write_id_list(w, "objects", removed_objects);
  write_id_list(w, "tensors", removed_tensors);
  write_id_list(w, "storages", removed_storages);
  write_id_list(w, "nodes", removed_nodes);
  w.end_object();
}

}  // namespace tp::trace
