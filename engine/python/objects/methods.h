// Method tables of the builtin types (native functions taking the receiver as args[0]);
// Interpreter::Impl::builtin_method binds them on attribute lookup.
#pragma once
#include <string>
#include <unordered_map>

#include "python/value.h"

namespace tp::interp {

const std::unordered_map<std::string, NativeFn>& str_methods();        // python/objects/str.cpp
const std::unordered_map<std::string, NativeFn>& list_methods();       // python/objects/containers.cpp
const std::unordered_map<std::string, NativeFn>& tuple_methods();
const std::unordered_map<std::string, NativeFn>& dict_methods();
const std::unordered_map<std::string, NativeFn>& number_methods();
const std::unordered_map<std::string, NativeFn>& set_methods();        // python/objects/set.cpp
const std::unordered_map<std::string, NativeFn>& frozenset_methods();

}  // namespace tp::interp
