// The hash table behind Python's set and frozenset, a step-for-step copy of CPython 3.11's
// Objects/setobject.c, so that `print({100, 5, 37, 8})` lists the elements in CPython's order.
//
// Note [CPython set order]: a set iterates its table from slot 0 upwards, so the order is decided
// by where each element landed: slot = hash & mask, then up to LINEAR_PROBES neighbours, then
// `perturb >>= 5; i = (i * 5 + 1 + perturb) & mask`. Removal leaves a dummy (a later add that probes
// past dummies takes the last one it passed); the table starts with 8 slots and is rebuilt when fill*5 >= mask*3 (fill
// counts dummies) to the smallest power of two above used*4 (used*2 past 50000 elements). The
// set algorithms (python/objects/set_algorithms.cpp) pick the same paths as CPython (merge into an empty table, the
// size-based swaps of intersection ...) because each path can leave a different layout.
#pragma once
#include <cstdint>
#include "core/callable.h"
#include <memory>
#include <vector>

namespace tp::interp {

struct Object;

class SetTable {
 public:
  using Key = std::shared_ptr<Object>;
  // Python == between a stored key and a probe key with the same hash (identity is checked first).
  // It may run user code; if that code changes this table, the operation starts over, as CPython does.
  using Eq = Callable<bool(const Key& stored, const Key& probe)>;

  static constexpr uint64_t kMinSize = 8;     // PySet_MINSIZE
  static constexpr uint64_t kLinearProbes = 9;  // LINEAR_PROBES
  static constexpr int kPerturbShift = 5;       // PERTURB_SHIFT

  struct Entry {
    Key key;             // null for an empty or dummy slot
    int64_t hash = 0;
    bool dummy = false;  // a removed element's slot
  };

  SetTable() { clear(); }

  size_t size() const { return used_; }
  uint64_t mask() const { return uint64_t(table_.size()) - 1; }
  size_t fill() const { return fill_; }          // active + dummy slots
  const std::vector<Entry>& slots() const { return table_; }

  bool add(const Key& key, int64_t hash, const Eq& eq);      // set_add_entry; true if it was new
  bool contains(const Key& key, int64_t hash, const Eq& eq);  // set_contains_entry
  bool discard(const Key& key, int64_t hash, const Eq& eq);  // set_discard_entry; true if it was there
  Entry pop();                     // set_pop from the search finger (the caller checks size() > 0)
  void clear();                    // back to an empty 8-slot table
  void merge(const SetTable& other, const Eq& eq);  // set_merge (other is not this table)
  // set_update_internal's single resize before adding `incoming` keys of a dict.
  void presize_for(size_t incoming);
  // The end of set_difference_update_internal: rebuild when more than 1/4 of the slots are dummies.
  void purge_dummies_if_many();
  void swap(SetTable& other);      // set_swap_bodies

  std::vector<Key> keys() const;       // iteration order
  std::vector<int64_t> hashes() const;

 private:
  // Index of the slot holding `key`, or of the empty slot ending the probe sequence.
  uint64_t lookup(const Key& key, int64_t hash, const Eq& eq);
  // Runs eq and reports whether the table changed under it (then the caller restarts).
  bool equal_unless_mutated(uint64_t slot, const Key& key, const Eq& eq, bool& mutated);
  void resize(size_t minused);  // set_table_resize
  static void insert_clean(std::vector<Entry>& table, const Key& key, int64_t hash);

  std::vector<Entry> table_;
  size_t fill_ = 0, used_ = 0;
  uint64_t finger_ = 0;      // where pop() resumes
  uint64_t generation_ = 0;  // bumped whenever table_ is replaced (detects mutation during eq)
};

}  // namespace tp::interp
