// property, staticmethod and classmethod: the three descriptors tutorials use in classes
// (`@property def shape(self)`, `@staticmethod`, `@classmethod def from_list(cls, xs)`).
#include "core/error.h"
#include "python/args.h"
#include "python/interp_impl.h"

namespace tp::interp {

namespace {

const char* type_name_of(DescriptorObj::What w) {
  switch (w) {
    case DescriptorObj::What::Property: return "property";
    case DescriptorObj::What::StaticMethod: return "staticmethod";
    case DescriptorObj::What::ClassMethod: return "classmethod";
  }
  return "property";
}

ObjPtr one_callable(Interpreter& in, CallArgs& a, const char* what) {
  if (a.args.size() != 1 || !a.kwargs.empty())
    throw TorchError("TypeError", std::string(what) + " expected 1 argument, got " + std::to_string(a.args.size()));
  return a.args[0];
}

std::shared_ptr<DescriptorObj> make_property(Interpreter& in, ObjPtr getter, ObjPtr setter) {
  auto p = std::make_shared<DescriptorObj>(DescriptorObj::What::Property, getter, setter);
  p->cls = in.impl().builtin_classes["property"];
  p->set("fget", getter ? getter : in.none());
  p->set("fset", setter ? setter : in.none());
  // `@x.setter`: a new property with the same getter (the closure holds the getter, not `p`,
  // so no reference cycle).
  p->set("setter", in.make_function("property.setter", [getter](Interpreter& in, CallArgs& a) -> ObjPtr {
    return make_property(in, getter, one_callable(in, a, "setter"));
  }));
  return p;
}

}  // namespace

DescriptorObj::DescriptorObj(What w, ObjPtr f, ObjPtr set)
    : InstanceObj(type_name_of(w)), what(w), fn(std::move(f)), setter(std::move(set)) {
  subtype = kSubtype;
}

ObjPtr Interpreter::Impl::resolve_class_attr(const ObjPtr& v, const ObjPtr& self, const std::shared_ptr<ClassObj>& cls) {
  if (auto* d = obj_cast<DescriptorObj>(v.get())) {
    switch (d->what) {
      case DescriptorObj::What::StaticMethod: return d->fn;
      case DescriptorObj::What::ClassMethod: return in.bind(cls ? ObjPtr(cls) : in.none(), d->fn);
      case DescriptorObj::What::Property: {
        if (!self) return v;  // A.prop is the property object itself
        if (!d->fn || is_none(d->fn))
          throw_error("AttributeError", "property of '" + cls->class_name + "' object has no getter");
        CallArgs a;
        a.args = {self};
        return in.call(d->fn, a);
      }
    }
  }
  if (self && (v->kind == Kind::UserFunction || v->kind == Kind::Function)) return in.bind(self, v);
  return v;
}

bool Interpreter::Impl::set_through_property(const ObjPtr& self, const std::string& name, const ObjPtr& value) {
  auto* inst = obj_cast<InstanceObj>(self.get());
  const std::shared_ptr<ClassObj> cls = inst ? inst->cls : nullptr;
  if (!cls || !cls->is_user) return false;  // only classes written in the program define properties
  ObjPtr v = class_lookup(*cls, name);
  auto* d = obj_cast<DescriptorObj>(v.get());
  if (!d || d->what != DescriptorObj::What::Property) return false;
  if (!value) throw_error("AttributeError", "property '" + name + "' of '" + cls->class_name + "' object has no deleter");
  if (!d->setter) throw_error("AttributeError", "property '" + name + "' of '" + cls->class_name + "' object has no setter");
  CallArgs a;
  a.args = {self, value};
  in.call(d->setter, a);
  return true;
}

// Types, as in Python, so that isinstance(C.attr, property) and type(x).__name__ work.
void Interpreter::Impl::install_descriptor_builtins() {
  auto type = [&](const char* name, NativeFn ctor) {
    auto c = std::make_shared<ClassObj>(name);
    c->call_hook = std::move(ctor);
    builtin_classes[name] = c;
    builtins[name] = c;
  };
  type("property", [](Interpreter& in, CallArgs& a) -> ObjPtr {
    ObjPtr getter = a.args.size() > 0 ? a.args[0] : nullptr;
    ObjPtr setter = a.args.size() > 1 ? a.args[1] : nullptr;
    for (auto& [k, v] : a.kwargs) {
      if (k == "fget") getter = v;
      else if (k == "fset") setter = v;
      else if (k != "doc" && k != "fdel") throw TorchError("TypeError", "property() got an unexpected keyword argument '" + k + "'");
    }
    return make_property(in, is_none(getter) ? nullptr : getter, is_none(setter) ? nullptr : setter);
  });
  for (auto what : {DescriptorObj::What::StaticMethod, DescriptorObj::What::ClassMethod}) {
    const char* name = type_name_of(what);
    type(name, [what, name](Interpreter& in, CallArgs& a) -> ObjPtr {
      auto d = std::make_shared<DescriptorObj>(what, one_callable(in, a, name));
      d->cls = in.impl().builtin_classes[name];
      return d;
    });
  }
}

}  // namespace tp::interp
