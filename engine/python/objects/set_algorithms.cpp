// Python's set algorithms as Objects/setobject.c (CPython 3.11) runs them; see python/objects/set_algorithms.h.
#include "python/objects/set_algorithms.h"

#include "core/error.h"
#include "python/interp_impl.h"
#include "python/objects/hash.h"

namespace tp::interp {

namespace {
bool is_arraylike(const ObjPtr& o) { return o->kind == Kind::Tensor || o->kind == Kind::NdArray; }

SetPtr as_set(const ObjPtr& o) { return std::static_pointer_cast<SetObj>(o); }

// The hash a probe key is looked up with; a mutable set stands for the frozenset of its elements.
int64_t probe_hash(Interpreter& in, const ObjPtr& key) {
  if (is_set(key) && !as<SetObj>(key).frozen) return hash_frozenset(as<SetObj>(key).table.hashes());
  return py_hash(in, key);
}

// set_contains_entry on `so` for every active entry of `other`, in other's table order.
template <class F> void for_each_entry(const SetObj& s, F f) {
  std::vector<SetTable::Entry> snapshot = s.table.slots();  // user __eq__ may mutate s
  for (const SetTable::Entry& e : snapshot)
    if (e.key) f(e);
}
}  // namespace

SetTable::Eq set_key_eq(Interpreter& in) {
  return [&in](const ObjPtr& stored, const ObjPtr& probe) {
    if (is_arraylike(stored) || is_arraylike(probe)) return false;
    return in.equals(stored, probe);
  };
}

SetPtr make_new_set(Interpreter& in, bool frozen, const ObjPtr& iterable) {
  auto s = std::make_shared<SetObj>(frozen);
  if (iterable) set_update_internal(in, *s, iterable);
  return s;
}

SetPtr set_copy(Interpreter& in, const SetPtr& so) { return make_new_set(in, so->frozen, so); }

void set_add_key(Interpreter& in, SetObj& so, const ObjPtr& key) {
  int64_t h = py_hash(in, key);
  so.table.add(key, h, set_key_eq(in));
}

bool set_contains(Interpreter& in, SetObj& so, const ObjPtr& key) {
  return so.table.contains(key, probe_hash(in, key), set_key_eq(in));
}

bool set_discard_key(Interpreter& in, SetObj& so, const ObjPtr& key) {
  return so.table.discard(key, probe_hash(in, key), set_key_eq(in));
}

void set_update_internal(Interpreter& in, SetObj& so, const ObjPtr& other) {
  if (is_set(other)) {
    if (other.get() != &so) so.table.merge(as<SetObj>(other).table, set_key_eq(in));
    return;
  }
  if (other->kind == Kind::Dict) {  // one resize for all the keys, then plain adds
    auto items = as<DictObj>(other).items;
    so.table.presize_for(items.size());
    for (auto& kv : items) set_add_key(in, so, kv.first);
    return;
  }
  for (const ObjPtr& key : in.iterate(other)) set_add_key(in, so, key);
}

SetPtr set_union(Interpreter& in, const SetPtr& so, const std::vector<ObjPtr>& others) {
  SetPtr result = set_copy(in, so);
  for (const ObjPtr& other : others)
    if (other.get() != so.get()) set_update_internal(in, *result, other);
  return result;
}

SetPtr set_intersection(Interpreter& in, const SetPtr& so_in, const ObjPtr& other_in) {
  if (so_in.get() == other_in.get()) return set_copy(in, so_in);
  SetPtr result = make_new_set(in, so_in->frozen);
  auto eq = set_key_eq(in);
  if (is_set(other_in)) {  // iterate the smaller set, probe the larger; keys come from the smaller
    SetPtr so = so_in, other = as_set(other_in);
    if (other->table.size() > so->table.size()) std::swap(so, other);
    for_each_entry(*other, [&](const SetTable::Entry& e) {
      if (so->table.contains(e.key, e.hash, eq)) result->table.add(e.key, e.hash, eq);
    });
    return result;
  }
  for (const ObjPtr& key : in.iterate(other_in)) {
    int64_t h = py_hash(in, key);
    if (so_in->table.contains(key, h, eq)) {
      result->table.add(key, h, eq);
      if (result->table.size() >= so_in->table.size()) break;
    }
  }
  return result;
}

SetPtr set_intersection_multi(Interpreter& in, const SetPtr& so, const std::vector<ObjPtr>& others) {
  if (others.empty()) return set_copy(in, so);
  SetPtr result = so;
  for (const ObjPtr& other : others) result = set_intersection(in, result, other);
  return result;
}

void set_difference_update_internal(Interpreter& in, const SetPtr& so, const ObjPtr& other_in) {
  if (so.get() == other_in.get()) {
    so->table.clear();
    return;
  }
  auto eq = set_key_eq(in);
  if (is_set(other_in)) {
    SetPtr other = as_set(other_in);
    // When other is more than 8 times larger, discard only the common elements.
    if ((other->table.size() >> 3) > so->table.size()) other = set_intersection(in, so, other);
    for_each_entry(*other, [&](const SetTable::Entry& e) { so->table.discard(e.key, e.hash, eq); });
  } else {
    for (const ObjPtr& key : in.iterate(other_in)) set_discard_key(in, *so, key);
  }
  so->table.purge_dummies_if_many();
}

SetPtr set_difference(Interpreter& in, const SetPtr& so, const ObjPtr& other) {
  size_t other_size;
  if (is_set(other)) other_size = as<SetObj>(other).table.size();
  else if (other->kind == Kind::Dict) other_size = as<DictObj>(other).items.size();
  else other_size = SIZE_MAX;
  // set_copy_and_difference: for an iterable, or when so is much larger than other.
  if (other_size == SIZE_MAX || (so->table.size() >> 2) > other_size) {
    SetPtr result = set_copy(in, so);
    set_difference_update_internal(in, result, other);
    return result;
  }
  SetPtr result = make_new_set(in, so->frozen);
  auto eq = set_key_eq(in);
  for_each_entry(*so, [&](const SetTable::Entry& e) {
    bool common = is_set(other) ? as<SetObj>(other).table.contains(e.key, e.hash, eq)
                                : in.truthy(in.compare("in", e.key, other));
    if (!common) result->table.add(e.key, e.hash, eq);
  });
  return result;
}

SetPtr set_difference_multi(Interpreter& in, const SetPtr& so, const std::vector<ObjPtr>& others) {
  if (others.empty()) return set_copy(in, so);
  SetPtr result = set_difference(in, so, others[0]);
  for (size_t i = 1; i < others.size(); ++i) set_difference_update_internal(in, result, others[i]);
  return result;
}

void set_symmetric_difference_update(Interpreter& in, const SetPtr& so, const ObjPtr& other) {
  if (so.get() == other.get()) {
    so->table.clear();
    return;
  }
  auto eq = set_key_eq(in);
  auto toggle = [&](const ObjPtr& key, int64_t h) {
    if (!so->table.discard(key, h, eq)) so->table.add(key, h, eq);
  };
  if (other->kind == Kind::Dict) {
    auto items = as<DictObj>(other).items;
    for (auto& kv : items) toggle(kv.first, py_hash(in, kv.first));
    return;
  }
  SetPtr otherset = is_set(other) ? as_set(other) : make_new_set(in, so->frozen, other);
  for_each_entry(*otherset, [&](const SetTable::Entry& e) { toggle(e.key, e.hash); });
}

SetPtr set_symmetric_difference(Interpreter& in, const SetPtr& so, const ObjPtr& other) {
  SetPtr result = make_new_set(in, so->frozen, other);  // a copy of other, updated with so
  set_symmetric_difference_update(in, result, so);
  return result;
}

void set_swap_bodies(SetObj& a, SetObj& b) {
  a.table.swap(b.table);
  std::swap(a.hash, b.hash);
}

bool set_issubset(Interpreter& in, const SetPtr& so, const ObjPtr& other) {
  if (!is_set(other)) return set_intersection(in, so, other)->table.size() == so->table.size();
  auto& o = as<SetObj>(other);
  if (so->table.size() > o.table.size()) return false;
  auto eq = set_key_eq(in);
  bool all = true;
  for_each_entry(*so, [&](const SetTable::Entry& e) {
    if (all && !o.table.contains(e.key, e.hash, eq)) all = false;
  });
  return all;
}

bool set_issuperset(Interpreter& in, const SetPtr& so, const ObjPtr& other) {
  if (is_set(other)) return set_issubset(in, as_set(other), so);
  auto eq = set_key_eq(in);
  for (const ObjPtr& key : in.iterate(other))
    if (!so->table.contains(key, py_hash(in, key), eq)) return false;
  return true;
}

bool set_isdisjoint(Interpreter& in, const SetPtr& so_in, const ObjPtr& other_in) {
  if (so_in.get() == other_in.get()) return so_in->table.size() == 0;
  auto eq = set_key_eq(in);
  if (is_set(other_in)) {
    SetPtr so = so_in, other = as_set(other_in);
    if (other->table.size() > so->table.size()) std::swap(so, other);
    bool disjoint = true;
    for_each_entry(*other, [&](const SetTable::Entry& e) {
      if (disjoint && so->table.contains(e.key, e.hash, eq)) disjoint = false;
    });
    return disjoint;
  }
  for (const ObjPtr& key : in.iterate(other_in))
    if (so_in->table.contains(key, py_hash(in, key), eq)) return false;
  return true;
}

ObjPtr set_binary_op(Interpreter& in, const std::string& op, const ObjPtr& a, const ObjPtr& b) {
  if (!is_set(a) || !is_set(b)) return nullptr;
  SetPtr so = as_set(a);
  if (op == "|") return set_union(in, so, {b});
  if (op == "&") return set_intersection(in, so, b);
  if (op == "-") return set_difference(in, so, b);
  if (op == "^") return set_symmetric_difference(in, so, b);
  return nullptr;
}

ObjPtr set_inplace_op(Interpreter& in, const std::string& op, const ObjPtr& a, const ObjPtr& b) {
  if (!is_set(a) || as<SetObj>(a).frozen || !is_set(b)) return nullptr;  // frozenset: a |= b makes a new one
  SetPtr so = as_set(a);
  if (op == "|") set_update_internal(in, *so, b);
  else if (op == "&") set_swap_bodies(*so, *set_intersection(in, so, b));
  else if (op == "-") set_difference_update_internal(in, so, b);
  else if (op == "^") set_symmetric_difference_update(in, so, b);
  else return nullptr;
  return a;
}

ObjPtr set_richcompare(Interpreter& in, const std::string& op, const ObjPtr& a, const ObjPtr& b) {
  if (!is_set(a) || !is_set(b)) return nullptr;
  SetPtr v = as_set(a);
  auto& w = as<SetObj>(b);
  size_t nv = v->table.size(), nw = w.table.size();
  bool r;
  if (op == "==" || op == "!=") {
    bool eq = nv == nw && !(v->hash != -1 && w.hash != -1 && v->hash != w.hash) && set_issubset(in, v, b);
    r = op == "==" ? eq : !eq;
  } else if (op == "<=") {
    r = set_issubset(in, v, b);
  } else if (op == ">=") {
    r = set_issuperset(in, v, b);
  } else if (op == "<") {
    r = nv < nw && set_issubset(in, v, b);
  } else if (op == ">") {
    r = nv > nw && set_issuperset(in, v, b);
  } else {
    return nullptr;
  }
  return in.make_bool(r);
}

std::string set_repr(Interpreter& in, const SetObj& so) {
  const char* type = so.frozen ? "frozenset" : "set";
  if (so.table.size() == 0) return std::string(type) + "()";
  std::string out = "{";
  bool first = true;
  for (const ObjPtr& key : so.table.keys()) {
    if (!first) out += ", ";
    first = false;
    out += in.repr(key);
  }
  out += "}";
  return so.frozen ? "frozenset(" + out + ")" : out;
}

}  // namespace tp::interp
