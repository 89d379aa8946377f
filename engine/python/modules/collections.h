// collections.OrderedDict / defaultdict / Counter: dict flavours (DictObj::Flavor) with their own
// type name, repr, missing-key rule and extra methods, as CPython 3.11 (Lib/collections/__init__.py,
// Modules/_collectionsmodule.c).
#pragma once
#include <string>

#include "python/interpreter.h"

namespace tp::interp {

// Adds OrderedDict, defaultdict and Counter to the collections module (subclasses of dict).
void install_collections(Interpreter& in, ModuleObj& collections);
// "dict", "OrderedDict", "defaultdict" or "Counter".
const char* dict_type_name(const DictObj& d);
// repr of a flavoured dict (recursion guarded by the caller); "" for a plain dict.
std::string flavored_dict_repr(Interpreter& in, const DictObj& d);
// d[key] for a key d lacks (__missing__): defaultdict inserts default_factory(), Counter answers 0;
// nullptr when the dict has no __missing__ (KeyError).
ObjPtr dict_missing(Interpreter& in, const ObjPtr& d, const ObjPtr& key);
// The flavour's own attributes (default_factory, most_common, Counter.update, copy, ...), bound
// to `d`; nullptr when the name is a plain dict attribute.
ObjPtr flavored_dict_attr(Interpreter& in, const ObjPtr& d, const std::string& name);

}  // namespace tp::interp
