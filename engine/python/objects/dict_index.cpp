#include "python/objects/dict_index.h"

#include <unordered_map>

#include "core/error.h"
#include "python/interpreter.h"
#include "python/objects/hash.h"

namespace tp::interp {

// Note [Dict index]: code all over the engine reads and edits DictObj::items directly, so the index
// cannot be told about every change. It remembers the entry list it was built for (its buffer,
// its size and its last key): a dict only gains keys at its end, so any change of the key set
// changes one of the three, and the index is rebuilt on the next lookup. A hit is re-checked
// against the entry it points at, so a stale position can never return a wrong value.
struct DictIndex {
  const void* data = nullptr;
  size_t size = 0;
  const Object* last = nullptr;
  std::unordered_multimap<int64_t, uint32_t> positions;  // key hash -> position in items

  bool describes(const DictObj& d) const {
    return data == d.items.data() && size == d.items.size() &&
           (size == 0 || last == d.items.back().first.get());
  }
  void stamp(const DictObj& d) {
    data = d.items.data();
    size = d.items.size();
    last = size ? d.items.back().first.get() : nullptr;
  }
};

namespace {
// Small dicts (module state, kwargs, optimizer groups) are searched directly: no hashing needed.
constexpr size_t kIndexFrom = 16;

bool unhashable(const ObjPtr& key) {
  return key->kind == Kind::List || key->kind == Kind::Dict ||
         (key->kind == Kind::Set && !static_cast<SetObj&>(*key).frozen) ||
         (key->kind == Kind::Bytes && static_cast<BytesObj&>(*key).is_bytearray);
}
// Keys compared by identity only (tensors compare elementwise, which is not a dict's equality).
bool identity_key(const ObjPtr& k) {
  return k->kind == Kind::Tensor || k->kind == Kind::NdArray || k->kind == Kind::Instance ||
         k->kind == Kind::UserFunction || k->kind == Kind::Module || k->kind == Kind::Class;
}
bool same_key(Interpreter& in, const ObjPtr& stored, const ObjPtr& key) {
  if (stored.get() == key.get()) return true;
  if (identity_key(key) || stored->kind == Kind::Tensor || stored->kind == Kind::NdArray) return false;
  return in.equals(stored, key);
}

DictIndex& index_of(Interpreter& in, DictObj& d) {
  if (!d.index) d.index = std::make_shared<DictIndex>();
  DictIndex& ix = *d.index;
  if (!ix.describes(d)) {
    ix.positions.clear();
    ix.positions.reserve(d.items.size());
    for (size_t i = 0; i < d.items.size(); ++i) ix.positions.emplace(py_hash(in, d.items[i].first), uint32_t(i));
    ix.stamp(d);
  }
  return ix;
}
}  // namespace

int64_t dict_lookup(Interpreter& in, DictObj& d, const ObjPtr& key) {
  if (unhashable(key)) throw TorchError("TypeError", "unhashable type: '" + in.type_name(key) + "'");
  if (d.items.size() < kIndexFrom) {
    for (size_t i = 0; i < d.items.size(); ++i)
      if (same_key(in, d.items[i].first, key)) return int64_t(i);
    return -1;
  }
  int64_t h = py_hash(in, key);
  DictIndex& ix = index_of(in, d);
  auto [lo, hi] = ix.positions.equal_range(h);
  for (auto it = lo; it != hi; ++it) {
    size_t p = it->second;
    if (p < d.items.size() && same_key(in, d.items[p].first, key)) return int64_t(p);
  }
  return -1;
}

void dict_append(Interpreter& in, DictObj& d, ObjPtr key, ObjPtr value) {
  bool current = d.index && d.index->describes(d);
  int64_t h = current ? py_hash(in, key) : 0;
  d.items.push_back({std::move(key), std::move(value)});
  if (current) {
    d.index->positions.emplace(h, uint32_t(d.items.size() - 1));
    d.index->stamp(d);
  }
}

}  // namespace tp::interp
