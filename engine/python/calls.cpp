// Calling things: native functions, user functions (Python's argument binding and its exact
// TypeError texts), bound methods, classes (user classes, library classes, builtin types).
// Also classes' attribute lookup through their bases, and isinstance().
#include "core/error.h"
#include "python/interp_impl.h"
#include "python/modules/collections.h"
#include "python/library.h"

namespace tp::interp {

namespace {
std::string quoted_list(const std::vector<std::string>& names) {
  // 'a'   /   'a' and 'b'   /   'a', 'b', and 'c'
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += names.size() == 2 ? " and " : (i + 1 == names.size() ? ", and " : ", ");
    out += "'" + names[i] + "'";
  }
  return out;
}
}  // namespace

ObjPtr Interpreter::call(const ObjPtr& callable, CallArgs args) {
  RecursionScope scope(*this, " while calling a Python object");
  switch (callable->kind) {
    case Kind::Function: {
      ObjPtr r = static_cast<FunctionObj&>(*callable).fn(*this, args);
      return r ? r : none();
    }
    case Kind::UserFunction: return impl_->call_user(static_cast<UserFunctionObj&>(*callable), args, callable);
    case Kind::BoundMethod: {
      auto& b = static_cast<BoundMethodObj&>(*callable);
      args.args.insert(args.args.begin(), b.self);
      if (b.self->kind != Kind::Tensor || b.fn->kind != Kind::Function) return call(b.fn, std::move(args));
      // A Tensor method's error is about that tensor unless the op said otherwise: the page flags
      // the learner's own tensor (`t.view(6)` flags t, not the base it was transposed from).
      int64_t self_id = static_cast<TensorObj&>(*b.self).tensor.id();
      try {
        return call(b.fn, std::move(args));
      } catch (TorchError& e) {
        if (e.tensor_ids.empty()) e.concerns_tensor(self_id);
        throw;
      }
    }
    case Kind::Class: {
      auto cls = std::static_pointer_cast<ClassObj>(callable);
      if (cls->call_hook) {
        ObjPtr r = cls->call_hook(*this, args);
        return r ? r : none();
      }
      return impl_->instantiate(cls, args);
    }
    case Kind::Instance: case Kind::Module: {
      auto& a = static_cast<AttrObj&>(*callable);
      if (a.call_hook) {
        ObjPtr r = a.call_hook(*this, args);
        return r ? r : none();
      }
      if (callable->kind == Kind::Instance) {
        auto cls = impl_->class_of(callable);
        if (ObjPtr m = cls ? impl_->class_lookup(*cls, "__call__") : nullptr) {
          args.args.insert(args.args.begin(), callable);
          return call(m, std::move(args));
        }
      }
      break;
    }
    case Kind::ContextManager: {
      // `@torch.no_grad()` decorates a function: run it inside the context manager.
      if (args.args.size() == 1 && args.kwargs.empty() &&
          (args.args[0]->kind == Kind::UserFunction || args.args[0]->kind == Kind::Function)) {
        auto cm = std::static_pointer_cast<ContextManagerObj>(callable);
        ObjPtr fn = args.args[0];
        std::string name = fn->kind == Kind::UserFunction ? static_cast<UserFunctionObj&>(*fn).qualname
                                                          : static_cast<FunctionObj&>(*fn).name;
        return make_function(name, [cm, fn](Interpreter& in, CallArgs& a) -> ObjPtr {
          if (cm->enter) cm->enter(in);
          ObjPtr r;
          try {
            r = in.call(fn, a);
          } catch (...) {
            if (cm->exit) cm->exit(in);
            throw;
          }
          if (cm->exit) cm->exit(in);
          return r;
        });
      }
      break;
    }
    default: break;
  }
  impl_->throw_error("TypeError", "'" + type_name(callable) + "' object is not callable");
}

ObjPtr Interpreter::Impl::call_user(const UserFunctionObj& f, CallArgs& args, ObjPtr function) {
  if (user_code_blocked) throw UserCodeBlocked{};
  in.enter_call();
  Frame fr;
  fr.scope = std::make_shared<Scope>();
  fr.scope->parent = f.closure;
  fr.scope->info = &f.code->scope;
  fr.name = f.code->name;
  fr.depth = frame->depth + 1;
  fr.function = &f;
  fr.qualprefix = f.qualname + ".<locals>.";
  Frame* caller = frame;
  int caller_line = in.current_line_;
  struct Restore {
    Interpreter& in;
    Frame*& frame;
    Frame* caller;
    int line;
    ~Restore() {
      frame = caller;
      in.current_line_ = line;
      in.exit_call();
    }
  } restore{in, frame, caller, caller_line};
  bind_arguments(f, args, *fr.scope);
  if (!args.args.empty()) fr.first_arg = args.args[0];
  if (f.code->is_generator) return make_generator(std::move(function), f, std::move(fr));
  fr.caller = frame;
  fr.caller_line = caller_line;
  frame = &fr;
  if (f.code->expr) {
    in.current_line_ = f.code->line;
    try {
      return eval(*f.code->expr);
    } catch (PyException& e) {
      add_traceback(e, f.code->line);
      throw;
    } catch (const std::exception& ex) {
      bool ok;
      PyException e = convert(ex, ok);
      add_traceback(e, f.code->line);
      throw e;
    }
  }
  exec_block(f.code->body);
  return fr.return_value ? fr.return_value : in.none();
}

void Interpreter::Impl::bind_arguments(const UserFunctionObj& f, CallArgs& args, Scope& scope) {
  const auto& params = f.code->params;
  const std::string& name = f.qualname;
  std::vector<ObjPtr> bound(params.size());
  size_t n_positional = 0, n_required = 0;
  int varargs = -1, varkw = -1;
  for (size_t i = 0; i < params.size(); ++i) {
    if (params[i].kind == Param::Normal) {
      ++n_positional;
      if (!f.defaults[i]) ++n_required;
    } else if (params[i].kind == Param::VarArgs) {
      varargs = int(i);
    } else if (params[i].kind == Param::VarKw) {
      varkw = int(i);
    }
  }
  // Positional arguments fill the positional parameters in order; extras go to *args.
  size_t given = args.args.size();
  std::vector<ObjPtr> extra;
  for (size_t i = 0, p = 0; i < given; ++i) {
    while (p < params.size() && params[p].kind != Param::Normal) ++p;
    if (p < params.size() && i < n_positional) {
      bound[p++] = args.args[i];
    } else {
      extra.push_back(args.args[i]);
    }
  }
  if (!extra.empty() && varargs < 0) {
    std::string takes = n_required == n_positional
                            ? std::to_string(n_positional)
                            : "from " + std::to_string(n_required) + " to " + std::to_string(n_positional);
    throw_error("TypeError", name + "() takes " + takes + " positional argument" +
                                 (n_positional == 1 && n_required == n_positional ? "" : "s") + " but " +
                                 std::to_string(given) + (given == 1 ? " was" : " were") + " given");
  }
  auto kwdict = varkw >= 0 ? std::make_shared<DictObj>() : nullptr;
  for (auto& kv : args.kwargs) {
    int hit = -1;
    for (size_t i = 0; i < params.size(); ++i)
      if ((params[i].kind == Param::Normal || params[i].kind == Param::KwOnly) && params[i].name == kv.first) hit = int(i);
    if (hit < 0) {
      if (!kwdict) throw_error("TypeError", name + "() got an unexpected keyword argument '" + kv.first + "'");
      kwdict->items.push_back({in.make_str(kv.first), kv.second});
      continue;
    }
    if (bound[size_t(hit)]) throw_error("TypeError", name + "() got multiple values for argument '" + kv.first + "'");
    bound[size_t(hit)] = kv.second;
  }
  std::vector<std::string> missing, missing_kw;
  for (size_t i = 0; i < params.size(); ++i) {
    if (bound[i] || params[i].kind == Param::VarArgs || params[i].kind == Param::VarKw) continue;
    if (f.defaults[i]) bound[i] = f.defaults[i];
    else (params[i].kind == Param::KwOnly ? missing_kw : missing).push_back(params[i].name);
  }
  if (!missing.empty())
    throw_error("TypeError", name + "() missing " + std::to_string(missing.size()) + " required positional argument" +
                                 (missing.size() == 1 ? "" : "s") + ": " + quoted_list(missing));
  if (!missing_kw.empty())
    throw_error("TypeError", name + "() missing " + std::to_string(missing_kw.size()) +
                                 " required keyword-only argument" + (missing_kw.size() == 1 ? "" : "s") + ": " +
                                 quoted_list(missing_kw));
  if (varargs >= 0) bound[size_t(varargs)] = in.make_tuple(std::move(extra));
  if (varkw >= 0) bound[size_t(varkw)] = kwdict;
  for (size_t i = 0; i < params.size(); ++i) scope.vars[params[i].name] = bound[i];
}

// ---------------------------------------------------------------- classes

ObjPtr Interpreter::Impl::class_lookup(const ClassObj& cls, const std::string& name) const {
  if (ObjPtr v = cls.get(name)) return v;
  for (auto& b : cls.bases)
    if (ObjPtr v = class_lookup(*b, name)) return v;
  return nullptr;
}

bool Interpreter::Impl::class_derives(const ClassObj& cls, const ClassObj& base) const {
  if (&cls == &base) return true;
  for (auto& b : cls.bases)
    if (class_derives(*b, base)) return true;
  return false;
}

ObjPtr Interpreter::Impl::instantiate(const std::shared_ptr<ClassObj>& cls, CallArgs& args) {
  // User exceptions: `class MyError(ValueError): pass` ; MyError("x") is an exception object.
  if (user_exception_classes.count(cls->class_name) && user_exception_classes[cls->class_name] == cls) {
    std::string msg;
    if (args.args.size() == 1) msg = in.str(args.args[0]);
    else if (args.args.size() > 1) msg = in.repr(in.make_tuple(args.args));
    ObjPtr exc = in.make_exception(cls->class_name, msg, args.args);
    // A user __init__ runs on the exception object (args stay the call's arguments unless it
    // calls super().__init__(...), as BaseException.__new__ does); str(e) follows e.args.
    if (ObjPtr init = class_lookup(*cls, "__init__"); init && init->kind == Kind::UserFunction) {
      args.args.insert(args.args.begin(), exc);
      ObjPtr r = in.call(init, std::move(args));
      if (r->kind != Kind::None)
        throw_error("TypeError", "__init__() should return None, not '" + in.type_name(r) + "'");
      static_cast<ExceptionObj&>(*exc).message = in.str(exc);
    } else if (ObjPtr s = class_lookup(*cls, "__str__"); s && s->kind == Kind::UserFunction) {
      static_cast<ExceptionObj&>(*exc).message = in.str(exc);
    }
    return exc;
  }
  auto inst = std::make_shared<InstanceObj>(cls->class_name);
  inst->cls = cls;
  ObjPtr init = class_lookup(*cls, "__init__");
  if (init) {
    args.args.insert(args.args.begin(), inst);
    ObjPtr r = in.call(init, std::move(args));
    if (r->kind != Kind::None)
      throw_error("TypeError", "__init__() should return None, not '" + in.type_name(r) + "'");
  } else if (!args.args.empty() || !args.kwargs.empty()) {
    throw_error("TypeError", cls->class_name + "() takes no arguments");
  }
  return inst;
}

std::shared_ptr<ClassObj> Interpreter::Impl::class_of(const ObjPtr& o) {
  auto module_class = [&](const char* module, const char* name) -> std::shared_ptr<ClassObj> {
    auto m = modules.find(module);
    if (m == modules.end()) return nullptr;
    ObjPtr c = m->second->get(name);
    return c && c->kind == Kind::Class ? std::static_pointer_cast<ClassObj>(c) : nullptr;
  };
  std::shared_ptr<ClassObj> found;
  switch (o->kind) {
    case Kind::Instance: {
      auto& inst = static_cast<InstanceObj&>(*o);
      if (inst.cls) return inst.cls;
      // A library instance: find its class among the registered modules.
      for (auto& m : modules)
        for (auto& kv : m.second->attrs)
          if (kv.second->kind == Kind::Class && static_cast<ClassObj&>(*kv.second).class_name == inst.type_name)
            return std::static_pointer_cast<ClassObj>(kv.second);
      break;
    }
    case Kind::Tensor:
      found = static_cast<TensorObj&>(*o).tensor.impl()->is_parameter ? module_class("torch.nn", "Parameter")
                                                                        : module_class("torch", "Tensor");
      break;
    case Kind::NdArray: found = module_class("numpy", "ndarray"); break;
    case Kind::Size: found = module_class("torch", "Size"); break;
    case Kind::DType: found = module_class("torch", "dtype"); break;
    case Kind::Device: found = module_class("torch", "device"); break;
    case Kind::Dict:
      if (static_cast<DictObj&>(*o).flavor != DictObj::Flavor::Dict)
        found = module_class("collections", dict_type_name(static_cast<DictObj&>(*o)));
      break;
    case Kind::Exception: {
      auto& e = static_cast<ExceptionObj&>(*o);
      auto u = user_exception_classes.find(e.type);
      if (u != user_exception_classes.end()) return u->second;
      auto b = builtin_classes.find(e.type);  // builtin and library exception classes, by qualified name
      if (b != builtin_classes.end()) return b->second;
      break;
    }
    default: break;
  }
  if (found) return found;
  std::string name = in.type_name(o);
  auto b = builtin_classes.find(name);
  if (b != builtin_classes.end()) return b->second;
  auto& s = synthetic_classes[name];
  if (!s) s = std::make_shared<ClassObj>(name);
  return s;
}

bool Interpreter::isinstance(const ObjPtr& obj, const ObjPtr& cls) {
  if (cls->kind == Kind::Tuple) {
    for (auto& c : static_cast<TupleObj&>(*cls).items)
      if (isinstance(obj, c)) return true;
    return false;
  }
  if (cls->kind != Kind::Class)
    impl_->throw_error("TypeError", "isinstance() arg 2 must be a type, a tuple of types, or a union");
  auto& c = static_cast<ClassObj&>(*cls);
  if (obj->kind == Kind::Exception) return impl_->exception_isinstance(static_cast<ExceptionObj&>(*obj).type, impl_->exception_key(c));
  if (c.class_name == "object" && !c.is_user) return true;
  if (obj->kind == Kind::Tensor && !c.is_user && c.class_name == "Tensor") return true;  // Parameter is a Tensor
  auto k = impl_->class_of(obj);
  return k && impl_->class_derives(*k, c);
}

}  // namespace tp::interp
