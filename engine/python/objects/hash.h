// Python's hash(), bit for bit as CPython 3.11 on a 64-bit machine: set iteration order is made
// of these numbers (Note [CPython set order] in set_table.h), and learners compare it with CPython.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "python/value.h"

namespace tp::interp {

constexpr int64_t kHashModulus = (int64_t(1) << 61) - 1;  // _PyHASH_MODULUS, a Mersenne prime
constexpr int64_t kHashInf = 314159;                      // _PyHASH_INF

// int.__hash__: the value reduced modulo 2**61-1 keeping its sign; -1 becomes -2 (-1 means "error" in C).
int64_t hash_int(int64_t v);
// float.__hash__ (_Py_HashDouble): equal to hash_int for integral values, so 1 == 1.0 share a slot.
// NaN hashes by identity (nan_identity is the object's hash_pointer).
int64_t hash_double(double v, int64_t nan_identity);
// object.__hash__ of an object at `address` (_Py_HashPointer: the address rotated right by 4 bits).
int64_t hash_pointer(uint64_t address);
// str.__hash__: SipHash-1-3 over the PEP 393 representation with the all-zero key, which is what
// CPython uses under PYTHONHASHSEED=0. CPython randomises str hashes per process by default, so any
// deterministic order is as right as another; this one also matches `PYTHONHASHSEED=0 python3`.
int64_t hash_str(const std::string& utf8);
// tuple.__hash__ (xxHash-based) from the hashes of its items.
int64_t hash_tuple(const std::vector<int64_t>& item_hashes);
// frozenset.__hash__ from the hashes of its elements (any order: the mix is commutative).
int64_t hash_frozenset(const std::vector<int64_t>& element_hashes);

// hash(o): TypeError "unhashable type: 'list'" for mutable containers; may call a user __hash__.
int64_t py_hash(Interpreter& in, const ObjPtr& o);

}  // namespace tp::interp
