// Executing statements: assignment, if, def/class, import, with, try/raise, and the per-statement
// bookkeeping (step budget, traceback entries, statement events); loops are in python/loops.cpp.
#include <algorithm>
#include <set>

#include "core/error.h"
#include "python/pytorch_names.h"
#include "python/interp_impl.h"
#include "python/library.h"
#include "python/objects/set_algorithms.h"

namespace tp::interp {

Flow Interpreter::Impl::exec_block(const Block& b) {
  for (const auto& s : b) {
    Flow f = exec(*s);
    if (f != Flow::Normal) return f;
  }
  return Flow::Normal;
}

void Interpreter::Impl::fire_event(const Stmt& s, const PyException* error) {
  if (!in.on_statement) return;
  StatementEvent ev;
  ev.line = s.line;
  ev.end_line = s.end_line;
  ev.error = error;
  in.on_statement(ev);
}

Flow Interpreter::Impl::exec(const Stmt& s) {
  in.current_line_ = s.line;
  frame->failing = nullptr;
  try {
    in.count_step();
    Flow f = exec_inner(s);
    if (s.is_simple() || s.kind == StmtKind::FunctionDef || s.kind == StmtKind::ClassDef) {
      in.current_line_ = s.line;
      fire_event(s, nullptr);
    }
    return f;
  } catch (PyException& e) {
    add_traceback(e, s);
    if (!e.reported) {
      e.reported = true;
      fire_event(s, &e);
    }
    throw;
  } catch (const std::exception& ex) {
    bool ok;
    PyException e = convert(ex, ok);
    add_traceback(e, s);
    e.reported = true;
    fire_event(s, &e);
    throw e;
  }
}

Flow Interpreter::Impl::exec_inner(const Stmt& s) {
  switch (s.kind) {
    case StmtKind::Expr:
      eval(*static_cast<const ExprStmt&>(s).value);
      return Flow::Normal;
    case StmtKind::Assign: {
      auto& a = static_cast<const Assign&>(s);
      ObjPtr v = eval(*a.value);
      for (auto& t : a.targets) assign(*t, v);
      return Flow::Normal;
    }
    case StmtKind::AugAssign: {
      auto& a = static_cast<const AugAssign&>(s);
      auto inplace = [&](const ObjPtr& cur, const ObjPtr& rhs) -> ObjPtr {
        frame->failing = nullptr;  // CPython places the in-place operator at the whole statement
        if (cur->kind == Kind::Tensor || cur->kind == Kind::NdArray) {
          if (ObjPtr r = lib::inplace_op(in, a.op, cur, rhs)) return r;
        }
        if (cur->kind == Kind::List && a.op == "+") {  // list += iterable extends in place
          auto items = in.iterate(rhs);
          auto& l = as<ListObj>(cur);
          charge_items(double(l.items.size() + items.size()));
          l.items.insert(l.items.end(), items.begin(), items.end());
          return cur;
        }
        if (ObjPtr r = set_inplace_op(in, a.op, cur, rhs)) return r;  // set |= other updates in place
        if (cur->kind == Kind::Instance) {
          auto cls = class_of(cur);
          static const std::map<std::string, std::string> names = {
              {"+", "__iadd__"}, {"-", "__isub__"}, {"*", "__imul__"}, {"/", "__itruediv__"}};
          auto it = names.find(a.op);
          if (cls && it != names.end()) {
            if (ObjPtr m = class_lookup(*cls, it->second)) {
              CallArgs ca;
              ca.args = {cur, rhs};
              return in.call(m, ca);
            }
          }
        }
        return in.binary_op(a.op, cur, rhs, true);
      };
      const Expr& t = *a.target;
      if (t.kind == ExprKind::Name) {
        const std::string& name = static_cast<const Name&>(t).id;
        ObjPtr cur = lookup(name, t.line);
        ObjPtr rhs = eval(*a.value);
        store(name, inplace(cur, rhs));
      } else if (t.kind == ExprKind::Attribute) {
        auto& at = static_cast<const Attribute&>(t);
        ObjPtr obj = eval(*at.value);
        ObjPtr cur = in.getattr(obj, at.attr);
        ObjPtr rhs = eval(*a.value);
        in.setattr(obj, at.attr, inplace(cur, rhs));
      } else {
        auto& sub = static_cast<const Subscript&>(t);
        ObjPtr obj = eval(*sub.value);
        ObjPtr idx = eval_subscript_index(*sub.index);
        ObjPtr cur = in.getitem(obj, idx);
        ObjPtr rhs = eval(*a.value);
        in.setitem(obj, idx, inplace(cur, rhs));
      }
      return Flow::Normal;
    }
    case StmtKind::AnnAssign: {
      auto& a = static_cast<const AnnAssign&>(s);
      if (a.value) assign(*a.target, eval(*a.value));
      return Flow::Normal;
    }
    case StmtKind::Import: exec_import(static_cast<const Import&>(s)); return Flow::Normal;
    case StmtKind::ImportFrom: exec_import_from(static_cast<const ImportFrom&>(s)); return Flow::Normal;
    case StmtKind::If: {
      auto& i = static_cast<const If&>(s);
      if (in.truthy(eval(*i.test))) return exec_block(i.body);
      return exec_block(i.orelse);
    }
    case StmtKind::For: return exec_for(static_cast<const For&>(s));
    case StmtKind::While: return exec_while(static_cast<const While&>(s));
    case StmtKind::Break: return Flow::Break;
    case StmtKind::Continue: return Flow::Continue;
    case StmtKind::Pass: return Flow::Normal;
    case StmtKind::FunctionDef: exec_def(static_cast<const FunctionDef&>(s)); return Flow::Normal;
    case StmtKind::ClassDef: exec_class(static_cast<const ClassDef&>(s)); return Flow::Normal;
    case StmtKind::Return: {
      auto& r = static_cast<const Return&>(s);
      frame->return_value = r.value ? eval(*r.value) : in.none();
      return Flow::Return;
    }
    case StmtKind::With: return exec_with(static_cast<const With&>(s), 0);
    case StmtKind::Try: return exec_try(static_cast<const Try&>(s));
    case StmtKind::Raise: exec_raise(static_cast<const Raise&>(s));
    case StmtKind::Assert: {
      auto& a = static_cast<const Assert&>(s);
      if (!in.truthy(eval(*a.test))) {
        frame->failing = a.test.get();
        if (a.msg) {
          ObjPtr m = eval(*a.msg);
          PyException e = make_error("AssertionError", in.str(m));
          e.exc->args = {m};
          throw e;
        }
        PyException e = make_error("AssertionError", "");
        e.exc->args.clear();
        throw e;
      }
      return Flow::Normal;
    }
    case StmtKind::Delete: {
      for (auto& t : static_cast<const Delete&>(s).targets) {
        frame->failing = t.get();
        if (t->kind == ExprKind::Name) {
          delete_name(static_cast<const Name&>(*t).id);
        } else if (t->kind == ExprKind::Subscript) {
          auto& sub = static_cast<const Subscript&>(*t);
          ObjPtr obj = eval(*sub.value);
          ObjPtr idx = eval_subscript_index(*sub.index);
          frame->failing = t.get();
          in.setitem(obj, idx, nullptr);  // nullptr value = delete
        } else if (t->kind == ExprKind::Attribute) {
          auto& at = static_cast<const Attribute&>(*t);
          ObjPtr obj = eval(*at.value);
          frame->failing = t.get();
          in.setattr(obj, at.attr, nullptr);
        } else {
          for (auto& x : static_cast<const Collection&>(*t).elts) {
            if (x->kind == ExprKind::Name) delete_name(static_cast<const Name&>(*x).id);
          }
        }
      }
      return Flow::Normal;
    }
    case StmtKind::Global: case StmtKind::Nonlocal: return Flow::Normal;
    case StmtKind::Yield: throw_error("SyntaxError", "'yield' outside function");  // e.g. in a class body
  }
  return Flow::Normal;
}

// ---------------------------------------------------------------- assignment targets

void Interpreter::Impl::assign(const Expr& target, const ObjPtr& value) {
  switch (target.kind) {
    case ExprKind::Name: store(static_cast<const Name&>(target).id, value); return;
    case ExprKind::Attribute: {
      auto& a = static_cast<const Attribute&>(target);
      ObjPtr obj = eval(*a.value);
      frame->failing = &target;
      in.setattr(obj, a.attr, value);
      return;
    }
    case ExprKind::Subscript: {
      auto& sub = static_cast<const Subscript&>(target);
      ObjPtr obj = eval(*sub.value);
      ObjPtr idx = eval_subscript_index(*sub.index);
      frame->failing = &target;
      in.setitem(obj, idx, value);
      return;
    }
    case ExprKind::Tuple: case ExprKind::List: {
      auto& elts = static_cast<const Collection&>(target).elts;
      frame->failing = &target;
      if (value->kind != Kind::List && value->kind != Kind::Tuple && value->kind != Kind::Str &&
          value->kind != Kind::Dict && value->kind != Kind::Set && value->kind != Kind::Range && value->kind != Kind::Size && value->kind != Kind::Bytes &&
          value->kind != Kind::Tensor && value->kind != Kind::NdArray && value->kind != Kind::Instance)
        throw_error("TypeError", "cannot unpack non-iterable " + in.type_name(value) + " object");
      size_t star = elts.size();
      for (size_t i = 0; i < elts.size(); ++i)
        if (elts[i]->kind == ExprKind::Starred) star = i;
      std::vector<ObjPtr> items;
      if (star == elts.size() && value->kind == Kind::Instance) {  // CPython pulls one past the targets, no more
        ObjPtr it = in.iter(value);
        while (items.size() <= elts.size())
          if (ObjPtr x = in.next_item(it)) items.push_back(std::move(x));
          else break;
      } else {
        items = in.iterate(value);
      }
      if (star == elts.size()) {
        if (items.size() > elts.size())
          throw_error("ValueError", "too many values to unpack (expected " + std::to_string(elts.size()) + ")");
        if (items.size() < elts.size())
          throw_error("ValueError", "not enough values to unpack (expected " + std::to_string(elts.size()) +
                                        ", got " + std::to_string(items.size()) + ")");
        for (size_t i = 0; i < elts.size(); ++i) assign(*elts[i], items[i]);
        return;
      }
      size_t after = elts.size() - star - 1;
      if (items.size() < elts.size() - 1)
        throw_error("ValueError", "not enough values to unpack (expected at least " +
                                      std::to_string(elts.size() - 1) + ", got " + std::to_string(items.size()) + ")");
      for (size_t i = 0; i < star; ++i) assign(*elts[i], items[i]);
      std::vector<ObjPtr> mid(items.begin() + long(star), items.end() - long(after));
      assign(*static_cast<const Starred&>(*elts[star]).value, in.make_list(std::move(mid)));
      for (size_t i = 0; i < after; ++i) assign(*elts[star + 1 + i], items[items.size() - after + i]);
      return;
    }
    default: throw_error("SyntaxError", "cannot assign to expression");
  }
}

// ---------------------------------------------------------------- with

Flow Interpreter::Impl::exec_with(const With& s, size_t i) {
  if (i == s.items.size()) return exec_block(s.body);
  const WithItem& item = s.items[i];
  ObjPtr mgr = eval(*item.context);
  if (mgr->kind == Kind::ContextManager) {
    auto& cm = as<ContextManagerObj>(mgr);
    if (cm.enter) cm.enter(in);
    Flow f;
    try {
      if (item.target) assign(*item.target, mgr);
      f = exec_with(s, i + 1);
    } catch (...) {
      if (cm.exit) cm.exit(in);
      throw;
    }
    if (cm.exit) cm.exit(in);
    return f;
  }
  auto cls = mgr->kind == Kind::Instance ? class_of(mgr) : nullptr;
  ObjPtr enter = cls ? class_lookup(*cls, "__enter__") : nullptr;
  ObjPtr exit = cls ? class_lookup(*cls, "__exit__") : nullptr;
  if (!enter || !exit)
    throw_error("TypeError", "'" + in.type_name(mgr) + "' object does not support the context manager protocol");
  CallArgs ea;
  ea.args = {mgr};
  ObjPtr v = in.call(enter, ea);
  Flow f;
  try {
    if (item.target) assign(*item.target, v);
    f = exec_with(s, i + 1);
  } catch (PyException& e) {
    if (e.uncatchable) throw;
    CallArgs xa;
    xa.args = {mgr, class_of(e.exc), e.exc, in.none()};
    if (in.truthy(in.call(exit, xa))) return Flow::Normal;
    throw;
  }
  CallArgs xa;
  xa.args = {mgr, in.none(), in.none(), in.none()};
  in.call(exit, xa);
  return f;
}

// ---------------------------------------------------------------- try / raise

Flow Interpreter::Impl::exec_try(const Try& t) {
  Flow flow = Flow::Normal;
  std::exception_ptr pending;
  try {
    bool raised = false;
    try {
      flow = exec_block(t.body);
    } catch (PyException& e) {
      raised = true;
      if (e.uncatchable) throw;
      const ExceptHandler* handler = nullptr;
      for (auto& h : t.handlers) {
        if (!h.type) { handler = &h; break; }
        in.current_line_ = h.line;
        ObjPtr ty = eval(*h.type);
        std::vector<ObjPtr> types = ty->kind == Kind::Tuple ? as<TupleObj>(ty).items : std::vector<ObjPtr>{ty};
        bool hit = false;
        for (auto& c : types) {
          if (c->kind != Kind::Class)
            throw_error("TypeError", "catching classes that do not inherit from BaseException is not allowed");
          if (exception_isinstance(e.type(), exception_key(as<ClassObj>(c)))) hit = true;
        }
        if (hit) { handler = &h; break; }
      }
      if (!handler) throw;
      auto handled = std::make_shared<PyException>(e);
      handling.push_back(handled);
      struct Pop {
        std::vector<std::shared_ptr<PyException>>& h;
        ~Pop() { h.pop_back(); }
      } pop{handling};
      if (!handler->name.empty()) store(handler->name, e.exc);
      flow = exec_block(handler->body);
      if (!handler->name.empty()) {
        // Python unbinds the name after the handler (`del e`).
        if (frame->scope->info) frame->scope->vars.erase(handler->name);
        else if (globals->vars.count(handler->name)) delete_name(handler->name);
      }
    }
    if (!raised && flow == Flow::Normal) flow = exec_block(t.orelse);
  } catch (...) {
    if (t.finalbody.empty()) throw;
    pending = std::current_exception();
  }
  if (!t.finalbody.empty()) {
    Flow f2 = exec_block(t.finalbody);
    if (f2 != Flow::Normal) return f2;  // return/break inside finally discards the exception
  }
  if (pending) std::rethrow_exception(pending);
  return flow;
}

void Interpreter::Impl::exec_raise(const Raise& r) {
  struct AtStatement {  // RAISE is placed at the whole statement
    Frame* f;
    ~AtStatement() { f->failing = nullptr; }
  } at{frame};
  if (!r.exc) {
    if (handling.empty()) throw_error("RuntimeError", "No active exception to reraise");
    throw PyException(*handling.back());
  }
  ObjPtr v = eval(*r.exc);
  if (v->kind == Kind::Class) {
    CallArgs none;
    v = in.call(v, none);
  }
  if (v->kind != Kind::Exception) throw_error("TypeError", "exceptions must derive from BaseException");
  if (!handling.empty() && handling.back()->exc == v && !r.cause) throw PyException(*handling.back());
  PyException e(std::static_pointer_cast<ExceptionObj>(v));
  if (r.cause) {
    ObjPtr c = eval(*r.cause);
    if (c->kind == Kind::Class) {
      CallArgs none;
      c = in.call(c, none);
    }
    if (c->kind == Kind::None) {
      e.suppress_context = true;
    } else if (c->kind == Kind::Exception) {
      // The cause keeps its traceback when it is an exception being handled (`raise X from e`).
      for (auto& h : handling)
        if (h->exc == c) e.context = h;
      if (!e.context) e.context = std::make_shared<PyException>(std::static_pointer_cast<ExceptionObj>(c));
      e.context_is_cause = true;
    } else {
      throw_error("TypeError", "exception causes must derive from BaseException");
    }
  } else if (!handling.empty()) {
    e.context = handling.back();
  }
  throw e;
}

// ---------------------------------------------------------------- def / class

void Interpreter::Impl::exec_def(const FunctionDef& s) {
  ObjPtr fn = make_function_object(s.code, nullptr, frame->qualprefix + s.code->name);
  for (auto it = s.decorators.rbegin(); it != s.decorators.rend(); ++it) {
    ObjPtr dec = eval(**it);
    CallArgs a;
    a.args = {fn};
    fn = in.call(dec, a);
  }
  store(s.code->name, fn);
}

void Interpreter::Impl::exec_class(const ClassDef& s) {
  auto cls = std::make_shared<ClassObj>(s.name);
  cls->is_user = true;
  for (auto& b : s.bases) {
    ObjPtr base = eval(*b);
    if (base->kind != Kind::Class) throw_error("TypeError", "bases must be types");
    cls->bases.push_back(std::static_pointer_cast<ClassObj>(base));
  }
  cls->set("__module__", in.make_str("__main__"));
  cls->set("__qualname__", in.make_str(frame->qualprefix + s.name));
  ObjPtr doc = in.none();  // a leading string literal is the class's docstring
  if (!s.code->body.empty() && s.code->body[0]->kind == StmtKind::Expr) {
    auto& v = *static_cast<const ExprStmt&>(*s.code->body[0]).value;
    if (v.kind == ExprKind::Str) doc = in.make_str(static_cast<const StrLit&>(v).value);
  }
  cls->set("__doc__", doc);
  auto scope = std::make_shared<Scope>();
  scope->info = &s.code->scope;
  scope->is_class = true;
  scope->parent = frame->scope->info ? frame->scope : nullptr;
  Frame body;
  body.scope = scope;
  body.name = s.name;
  body.depth = frame->depth + 1;
  body.qualprefix = frame->qualprefix + s.name + ".";
  Frame* saved = frame;
  body.caller = saved;
  body.caller_line = in.current_line_;
  frame = &body;
  struct Restore {
    Frame*& f;
    Frame* saved;
    ~Restore() { f = saved; }
  } restore{frame, saved};
  in.enter_call();
  struct Exit {
    Interpreter& in;
    ~Exit() { in.exit_call(); }
  } exit_guard{in};
  exec_block(s.code->body);
  for (auto& n : scope->order) {  // the body's definition order
    auto it = scope->vars.find(n);
    if (it == scope->vars.end()) continue;
    // methods, and the functions inside @property/@staticmethod/@classmethod, know their class
    // for super()
    auto own = [&](const ObjPtr& f) {
      if (f && f->kind == Kind::UserFunction) as<UserFunctionObj>(f).owner = cls;
    };
    own(it->second);
    if (auto* d = obj_cast<DescriptorObj>(it->second.get())) {
      own(d->fn);
      own(d->setter);
    }
    cls->set(n, it->second);
  }
  bool is_exception = false;
  for (auto& b : cls->bases) {
    if (is_exception_class(exception_key(*b)) || user_exception_classes.count(b->class_name)) is_exception = true;
  }
  if (is_exception) user_exception_classes[s.name] = cls;
  frame = saved;
  store(s.name, cls);
}

// ---------------------------------------------------------------- import

std::shared_ptr<ModuleObj> Interpreter::Impl::import_module(const std::string& dotted, int line) {
  auto it = modules.find(dotted);
  if (it != modules.end()) return it->second;
  // CPython has these; say that it is the playground that lacks them, not Python.
  static const std::set<std::string> stdlib = {
      "abc", "argparse", "array", "ast", "asyncio", "base64", "bisect", "calendar", "cmath", "codecs",
      "concurrent", "configparser", "contextlib", "csv", "ctypes", "dataclasses", "datetime", "decimal",
      "difflib", "enum", "fractions", "gc", "glob", "gzip", "hashlib", "heapq", "html", "http",
      "importlib", "inspect", "io", "json", "logging", "multiprocessing", "numbers", "operator",
      "os", "pathlib", "pickle", "platform", "pprint", "queue", "re", "shutil", "signal", "socket", "sqlite3",
      "statistics", "string", "struct", "subprocess", "tempfile", "textwrap", "threading", "timeit",
      "traceback", "types", "unittest", "urllib", "uuid", "weakref", "zipfile"};
  // Like CPython, name the first package on the dotted path that is missing (`import a.b` without a).
  std::string missing = dotted;
  for (size_t dot = dotted.find('.'); dot != std::string::npos; dot = dotted.find('.', dot + 1))
    if (!modules.count(dotted.substr(0, dot))) {
      missing = dotted.substr(0, dot);
      break;
    }
  if (stdlib.count(missing.substr(0, missing.find('.'))))
    throw_error("ModuleNotFoundError", "No module named '" + missing + "' (the standard-library module '" +
                                           missing.substr(0, missing.find('.')) + "' is not available in the playground)");
  size_t last_dot = missing.rfind('.');
  if (last_dot == std::string::npos) lib::check_full_only("", missing);
  else lib::check_full_only(missing.substr(0, last_dot), missing.substr(last_dot + 1));
  // `import torch.fft`: PyTorch has it; say the playground does not build it yet.
  if (last_dot != std::string::npos && pytorch_has(missing.substr(0, last_dot), missing.substr(last_dot + 1)))
    throw_error("ModuleNotFoundError", not_built_message(missing.substr(0, last_dot), missing.substr(last_dot + 1)));
  throw_error("ModuleNotFoundError", "No module named '" + missing + "'");
}

void Interpreter::Impl::exec_import(const Import& s) {
  for (auto& a : s.names) {
    auto m = import_module(a.name, s.line);
    if (!a.asname.empty()) {
      store(a.asname, m);
    } else {
      std::string top = a.name.substr(0, a.name.find('.'));
      store(top, import_module(top, s.line));
    }
  }
}

void Interpreter::Impl::exec_import_from(const ImportFrom& s) {
  auto m = import_module(s.module, s.line);
  for (auto& a : s.names) {
    if (a.name == "*") {
      in.check_full_only(m, "");  // the core library would import fewer names
      for (auto& k : m->attr_order)
        if (!k.empty() && k[0] != '_') store(k, m->attrs[k]);
      continue;
    }
    ObjPtr v = m->get(a.name);
    if (!v) {
      auto sub = modules.find(s.module + "." + a.name);
      if (sub != modules.end()) v = sub->second;
    }
    if (!v) lib::check_full_only(s.module, a.name);
    if (!v && pytorch_has(s.module, a.name)) throw_error("ImportError", not_built_message(s.module, a.name));
    if (!v)
      throw_error("ImportError", "cannot import name '" + a.name + "' from '" + s.module +
                                     "' (the playground's '" + s.module + "' does not provide it)");
    store(a.asname.empty() ? a.name : a.asname, v);
  }
}

}  // namespace tp::interp
