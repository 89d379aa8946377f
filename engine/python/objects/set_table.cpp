// CPython 3.11's set table (Objects/setobject.c): probing, insertion, deletion by dummies, resize
// and pop, each function named after the C function it follows. See Note [CPython set order].
#include "python/objects/set_table.h"

#include "core/error.h"

namespace tp::interp {

bool SetTable::equal_unless_mutated(uint64_t slot, const Key& key, const Eq& eq, bool& mutated) {
  Key start = table_[slot].key;  // kept alive across user code, like Py_INCREF(startkey)
  uint64_t generation = generation_;
  bool equal = eq(start, key);
  mutated = generation != generation_ || table_[slot].key != start;
  return equal;
}

uint64_t SetTable::lookup(const Key& key, int64_t hash, const Eq& eq) {
  for (;;) {  // restarts when a comparison mutated the table
    uint64_t mask = this->mask(), perturb = uint64_t(hash), i = uint64_t(hash) & mask;
    bool restart = false;
    while (!restart) {
      uint64_t probes = i + kLinearProbes <= mask ? kLinearProbes : 0;
      for (uint64_t j = i; j <= i + probes; ++j) {
        const Entry& e = table_[j];
        if (!e.key && !e.dummy) return j;
        if (e.key && e.hash == hash) {
          if (e.key == key) return j;
          bool mutated;
          bool equal = equal_unless_mutated(j, key, eq, mutated);
          if (mutated) { restart = true; break; }
          if (equal) return j;
        }
      }
      perturb >>= kPerturbShift;
      i = (i * 5 + 1 + perturb) & mask;
    }
  }
}

bool SetTable::contains(const Key& key, int64_t hash, const Eq& eq) { return table_[lookup(key, hash, eq)].key != nullptr; }

bool SetTable::add(const Key& key, int64_t hash, const Eq& eq) {
restart:
  uint64_t mask = this->mask(), perturb = uint64_t(hash), i = uint64_t(hash) & mask;
  int64_t freeslot = -1;  // a dummy passed on the way: a new key goes there
  for (;;) {
    uint64_t probes = i + kLinearProbes <= mask ? kLinearProbes : 0;
    for (uint64_t j = i; j <= i + probes; ++j) {
      Entry& e = table_[j];
      if (!e.key && !e.dummy) {
        if (freeslot >= 0) {  // found_unused_or_dummy: reuse the dummy; fill is unchanged
          table_[uint64_t(freeslot)] = Entry{key, hash, false};
          ++used_;
          return true;
        }
        e = Entry{key, hash, false};  // found_unused
        ++fill_;
        ++used_;
        if (fill_ * 5 >= mask * 3) resize(used_ > 50000 ? used_ * 2 : used_ * 4);
        return true;
      }
      if (e.key && e.hash == hash) {
        if (e.key == key) return false;
        bool mutated;
        bool equal = equal_unless_mutated(j, key, eq, mutated);
        if (equal) return false;
        if (mutated) goto restart;
      } else if (e.dummy) {  // CPython keeps the last dummy passed, not the first
        freeslot = int64_t(j);
      }
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

bool SetTable::discard(const Key& key, int64_t hash, const Eq& eq) {
  Entry& e = table_[lookup(key, hash, eq)];
  if (!e.key) return false;
  e = Entry{nullptr, -1, true};
  --used_;
  return true;
}

SetTable::Entry SetTable::pop() {
  if (used_ == 0) throw InternalError("SetTable::pop on an empty table");
  uint64_t mask = this->mask(), i = finger_ & mask;
  while (!table_[i].key) i = i + 1 > mask ? 0 : i + 1;
  Entry out = table_[i];
  table_[i] = Entry{nullptr, -1, true};
  --used_;
  finger_ = i + 1;
  return out;
}

void SetTable::clear() {
  table_.assign(kMinSize, Entry{});
  fill_ = used_ = 0;
  ++generation_;
}

void SetTable::insert_clean(std::vector<Entry>& table, const Key& key, int64_t hash) {
  uint64_t mask = uint64_t(table.size()) - 1, perturb = uint64_t(hash), i = uint64_t(hash) & mask;
  for (;;) {
    uint64_t probes = i + kLinearProbes <= mask ? kLinearProbes : 0;
    for (uint64_t j = i; j <= i + probes; ++j) {
      if (!table[j].key) {
        table[j] = Entry{key, hash, false};
        return;
      }
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

void SetTable::resize(size_t minused) {
  uint64_t size = kMinSize;
  while (size <= minused) size <<= 1;
  std::vector<Entry> fresh(size);
  for (const Entry& e : table_)
    if (e.key) insert_clean(fresh, e.key, e.hash);
  table_.swap(fresh);
  fill_ = used_;
  ++generation_;
}

void SetTable::merge(const SetTable& other, const Eq& eq) {
  if (other.used_ == 0) return;
  // One big resize up front, expecting few overlapping keys.
  if ((fill_ + other.used_) * 5 >= mask() * 3) resize((used_ + other.used_) * 2);
  if (fill_ == 0 && mask() == other.mask() && other.fill_ == other.used_) {  // same layout: copy slots
    table_ = other.table_;
    fill_ = other.fill_;
    used_ = other.used_;
    ++generation_;
    return;
  }
  if (fill_ == 0) {  // empty: no duplicates possible
    for (const Entry& e : other.table_)
      if (e.key) insert_clean(table_, e.key, e.hash);
    fill_ = used_ = other.used_;
    return;
  }
  std::vector<Entry> theirs = other.table_;  // a snapshot: eq may run user code
  for (const Entry& e : theirs)
    if (e.key) add(e.key, e.hash, eq);
}

void SetTable::presize_for(size_t incoming) {
  if ((fill_ + incoming) * 5 >= mask() * 3) resize((used_ + incoming) * 2);
}

void SetTable::purge_dummies_if_many() {
  if (fill_ - used_ <= mask() / 4) return;
  resize(used_ > 50000 ? used_ * 2 : used_ * 4);
}

void SetTable::swap(SetTable& other) {
  table_.swap(other.table_);
  std::swap(fill_, other.fill_);
  std::swap(used_, other.used_);
  ++generation_;
  ++other.generation_;
}

std::vector<SetTable::Key> SetTable::keys() const {
  std::vector<Key> out;
  out.reserve(used_);
  for (const Entry& e : table_)
    if (e.key) out.push_back(e.key);
  return out;
}

std::vector<int64_t> SetTable::hashes() const {
  std::vector<int64_t> out;
  out.reserve(used_);
  for (const Entry& e : table_)
    if (e.key) out.push_back(e.hash);
  return out;
}

}  // namespace tp::interp
