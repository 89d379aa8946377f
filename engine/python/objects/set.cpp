// Methods of set and frozenset (the algorithms are in python/objects/set_algorithms.cpp). frozenset has only the
// methods that do not mutate; the argument-count messages are CPython's.
#include "core/error.h"
#include "python/interp_impl.h"
#include "python/objects/methods.h"
#include "python/objects/set_algorithms.h"

namespace tp::interp {

namespace {
SetPtr self_set(CallArgs& a) { return std::static_pointer_cast<SetObj>(a.args[0]); }

std::string qualified(CallArgs& a, const char* name) {
  return std::string(static_cast<SetObj&>(*a.args[0]).frozen ? "frozenset." : "set.") + name + "()";
}

void no_keywords(CallArgs& a, const char* name) {
  if (!a.kwargs.empty()) throw TorchError("TypeError", qualified(a, name) + " takes no keyword arguments");
}

// The single argument of add/remove/issubset ... (METH_O in CPython).
const ObjPtr& one_arg(CallArgs& a, const char* name) {
  no_keywords(a, name);
  if (a.args.size() != 2)
    throw TorchError("TypeError", qualified(a, name) + " takes exactly one argument (" + std::to_string(a.args.size() - 1) + " given)");
  return a.args[1];
}

void no_args(CallArgs& a, const char* name) {
  no_keywords(a, name);
  if (a.args.size() != 1)
    throw TorchError("TypeError", qualified(a, name) + " takes no arguments (" + std::to_string(a.args.size() - 1) + " given)");
}

std::vector<ObjPtr> rest_args(CallArgs& a, const char* name) {
  no_keywords(a, name);
  return std::vector<ObjPtr>(a.args.begin() + 1, a.args.end());
}

[[noreturn]] void key_error(Interpreter& in, const ObjPtr& key) {
  PyException e = in.impl().make_error("KeyError", in.repr(key));
  e.exc->args = {key};
  throw e;
}

// The methods both types share.
void add_common(std::unordered_map<std::string, NativeFn>& m) {
  m["copy"] = [](Interpreter& in, CallArgs& a) -> ObjPtr {
    no_args(a, "copy");
    SetPtr so = self_set(a);
    return so->frozen ? ObjPtr(so) : ObjPtr(set_copy(in, so));  // frozenset.copy() is itself
  };
  m["union"] = [](Interpreter& in, CallArgs& a) -> ObjPtr { return set_union(in, self_set(a), rest_args(a, "union")); };
  m["intersection"] = [](Interpreter& in, CallArgs& a) -> ObjPtr {
    return set_intersection_multi(in, self_set(a), rest_args(a, "intersection"));
  };
  m["difference"] = [](Interpreter& in, CallArgs& a) -> ObjPtr {
    return set_difference_multi(in, self_set(a), rest_args(a, "difference"));
  };
  m["symmetric_difference"] = [](Interpreter& in, CallArgs& a) -> ObjPtr {
    return set_symmetric_difference(in, self_set(a), one_arg(a, "symmetric_difference"));
  };
  m["issubset"] = [](Interpreter& in, CallArgs& a) -> ObjPtr {
    return in.make_bool(set_issubset(in, self_set(a), one_arg(a, "issubset")));
  };
  m["issuperset"] = [](Interpreter& in, CallArgs& a) -> ObjPtr {
    return in.make_bool(set_issuperset(in, self_set(a), one_arg(a, "issuperset")));
  };
  m["isdisjoint"] = [](Interpreter& in, CallArgs& a) -> ObjPtr {
    return in.make_bool(set_isdisjoint(in, self_set(a), one_arg(a, "isdisjoint")));
  };
}
}  // namespace

const std::unordered_map<std::string, NativeFn>& frozenset_methods() {
  static const std::unordered_map<std::string, NativeFn> m = [] {
    std::unordered_map<std::string, NativeFn> t;
    add_common(t);
    return t;
  }();
  return m;
}

const std::unordered_map<std::string, NativeFn>& set_methods() {
  static const std::unordered_map<std::string, NativeFn> m = [] {
    std::unordered_map<std::string, NativeFn> t;
    add_common(t);
    t["add"] = [](Interpreter& in, CallArgs& a) -> ObjPtr {
      set_add_key(in, *self_set(a), one_arg(a, "add"));
      return in.none();
    };
    t["remove"] = [](Interpreter& in, CallArgs& a) -> ObjPtr {
      const ObjPtr& key = one_arg(a, "remove");
      if (!set_discard_key(in, *self_set(a), key)) key_error(in, key);
      return in.none();
    };
    t["discard"] = [](Interpreter& in, CallArgs& a) -> ObjPtr {
      set_discard_key(in, *self_set(a), one_arg(a, "discard"));
      return in.none();
    };
    t["pop"] = [](Interpreter& in, CallArgs& a) -> ObjPtr {
      no_args(a, "pop");
      SetPtr so = self_set(a);
      if (so->table.size() == 0) {
        PyException e = in.impl().make_error("KeyError", "'pop from an empty set'");
        e.exc->args = {in.make_str("pop from an empty set")};
        throw e;
      }
      return so->table.pop().key;
    };
    t["clear"] = [](Interpreter& in, CallArgs& a) -> ObjPtr {
      no_args(a, "clear");
      self_set(a)->table.clear();
      return in.none();
    };
    t["update"] = [](Interpreter& in, CallArgs& a) -> ObjPtr {
      SetPtr so = self_set(a);
      for (const ObjPtr& other : rest_args(a, "update")) set_update_internal(in, *so, other);
      return in.none();
    };
    t["intersection_update"] = [](Interpreter& in, CallArgs& a) -> ObjPtr {
      SetPtr so = self_set(a);
      set_swap_bodies(*so, *set_intersection_multi(in, so, rest_args(a, "intersection_update")));
      return in.none();
    };
    t["difference_update"] = [](Interpreter& in, CallArgs& a) -> ObjPtr {
      SetPtr so = self_set(a);
      for (const ObjPtr& other : rest_args(a, "difference_update")) set_difference_update_internal(in, so, other);
      return in.none();
    };
    t["symmetric_difference_update"] = [](Interpreter& in, CallArgs& a) -> ObjPtr {
      set_symmetric_difference_update(in, self_set(a), one_arg(a, "symmetric_difference_update"));
      return in.none();
    };
    return t;
  }();
  return m;
}

}  // namespace tp::interp
