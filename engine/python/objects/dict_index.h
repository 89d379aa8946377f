// The hash table behind dict lookups (Objects/dictobject.c keeps a hash index beside its entries
// in insertion order; so does this). DictObj::items stays the insertion-ordered entry list every
// other part of the engine reads; the index maps key hashes to positions in it.
#pragma once
#include <cstdint>

#include "python/value.h"

namespace tp::interp {

// Position of `key` in d.items, or -1. Raises TypeError for an unhashable key, and whatever the
// key's __hash__ / __eq__ raise, as Python's lookup does.
int64_t dict_lookup(Interpreter& in, DictObj& d, const ObjPtr& key);
// Appends a key known to be absent, keeping the index current (a dict grows only at its end).
void dict_append(Interpreter& in, DictObj& d, ObjPtr key, ObjPtr value);

}  // namespace tp::interp
