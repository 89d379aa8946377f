// Small binding helpers shared by the nn library files that define F functions and module
// classes (bindings/nn/activations.cpp, bindings/nn/distance.cpp).
#pragma once
#include <string>

#include "bindings/nn/nn.h"

namespace tp::interp::lib::nn_bind {

using Body = Callable<ObjPtr(Interpreter&, ArgParser&)>;

// A function whose arguments are parsed by `body`; unknown keywords are refused afterwards.
inline void fn(ModuleObj& m, const std::string& prefix, const std::string& name, Body body) {
  def(m, prefix, name, [name, body](Interpreter& in, CallArgs& a) -> ObjPtr {
    ArgParser p(in, name, a);
    ObjPtr r = body(in, p);
    p.finish();
    return r;
  });
}

inline ObjPtr or_default(const ObjPtr& o, ObjPtr fallback) { return is_none(o) ? fallback : o; }
inline void set(const ObjPtr& self, const char* name, ObjPtr v) { cast<InstanceObj>(self).set(name, std::move(v)); }
inline ObjPtr attr(Interpreter& in, const ObjPtr& self, const char* name) { return in.getattr(self, name); }

}  // namespace tp::interp::lib::nn_bind
