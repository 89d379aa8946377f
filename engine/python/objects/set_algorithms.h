// Python's set algorithms (set / frozenset), following CPython 3.11's Objects/setobject.c function
// by function: which table is copied, merged or probed decides the resulting layout, hence the
// printed order (Note [CPython set order] in set_table.h). Names are the C functions' names.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "python/value.h"

namespace tp::interp {

using SetPtr = std::shared_ptr<SetObj>;

inline bool is_set(const ObjPtr& o) { return o && o->kind == Kind::Set; }

// Python == for two keys whose hashes match (tensors only equal themselves: their hash is id()).
SetTable::Eq set_key_eq(Interpreter& in);

// set() / frozenset() / set(iterable): make_new_set.
SetPtr make_new_set(Interpreter& in, bool frozen, const ObjPtr& iterable = nullptr);
SetPtr set_copy(Interpreter& in, const SetPtr& so);  // same type as so, a new object

void set_add_key(Interpreter& in, SetObj& so, const ObjPtr& key);
// `key in so`, discard and remove: a (mutable, unhashable) set key is looked up as a frozenset.
bool set_contains(Interpreter& in, SetObj& so, const ObjPtr& key);
bool set_discard_key(Interpreter& in, SetObj& so, const ObjPtr& key);
void set_update_internal(Interpreter& in, SetObj& so, const ObjPtr& other);  // set, dict or iterable

SetPtr set_union(Interpreter& in, const SetPtr& so, const std::vector<ObjPtr>& others);
SetPtr set_intersection(Interpreter& in, const SetPtr& so, const ObjPtr& other);
SetPtr set_intersection_multi(Interpreter& in, const SetPtr& so, const std::vector<ObjPtr>& others);
SetPtr set_difference(Interpreter& in, const SetPtr& so, const ObjPtr& other);
SetPtr set_difference_multi(Interpreter& in, const SetPtr& so, const std::vector<ObjPtr>& others);
void set_difference_update_internal(Interpreter& in, const SetPtr& so, const ObjPtr& other);
SetPtr set_symmetric_difference(Interpreter& in, const SetPtr& so, const ObjPtr& other);
void set_symmetric_difference_update(Interpreter& in, const SetPtr& so, const ObjPtr& other);
void set_swap_bodies(SetObj& a, SetObj& b);

bool set_issubset(Interpreter& in, const SetPtr& so, const ObjPtr& other);
bool set_issuperset(Interpreter& in, const SetPtr& so, const ObjPtr& other);
bool set_isdisjoint(Interpreter& in, const SetPtr& so, const ObjPtr& other);

// Operators; nullptr when an operand is not a set (Python's NotImplemented).
ObjPtr set_binary_op(Interpreter& in, const std::string& op, const ObjPtr& a, const ObjPtr& b);   // | & - ^
ObjPtr set_inplace_op(Interpreter& in, const std::string& op, const ObjPtr& a, const ObjPtr& b);  // |= &= -= ^=
ObjPtr set_richcompare(Interpreter& in, const std::string& op, const ObjPtr& a, const ObjPtr& b);  // == != < <= > >=

std::string set_repr(Interpreter& in, const SetObj& so);  // {1, 2} / set() / frozenset({1, 2})

}  // namespace tp::interp
