#pragma once
// list.sort's comparison order, as CPython's listobject.c does it, so that a sort that raises
// (say, mixing str and int) reports the same pair of types as Python, on every compiler.
#include "core/callable.h"
#include <vector>

namespace tp::interp {

// Sorts `items` stably by `less` (which may throw: the list is then left partly sorted, as in
// CPython, where the caller restores the saved list). Runs are found and extended exactly as
// CPython's count_run/binarysort; runs are merged with a plain stable merge (CPython gallops,
// which changes only the order of comparisons in lists of 64 or more items).
template <class T>
void python_sort(std::vector<T>& items, const Callable<bool(const T&, const T&)>& less);

}  // namespace tp::interp

#include "python/objects/list_sort_impl.h"
