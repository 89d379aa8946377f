// Evaluating expressions: names (Python's local/enclosing/global/builtin rule), literals,
// operators, calls, comprehensions and f-strings.
#include <algorithm>
#include <cstring>
#include "core/callable.h"

#include "core/error.h"
#include "python/args.h"
#include "python/interp_impl.h"
#include "python/library.h"
#include "python/objects/bytes.h"
#include "python/objects/set_algorithms.h"

namespace tp::interp {

// ---------------------------------------------------------------- names

ObjPtr Interpreter::Impl::lookup(const std::string& name, int line) {
  Scope* s = frame->scope.get();
  if (s->info) {
    if (s->info->locals.count(name)) {
      auto it = s->vars.find(name);
      if (it != s->vars.end()) return it->second;
      if (!s->is_class)
        throw_error("UnboundLocalError",
                    "cannot access local variable '" + name + "' where it is not associated with a value");
    } else if (!s->info->globals.count(name)) {
      for (Scope* p = s->parent.get(); p; p = p->parent.get()) {
        if (!p->info || p->is_class) continue;
        if (p->info->locals.count(name)) {
          auto it = p->vars.find(name);
          if (it != p->vars.end()) return it->second;
          throw_error("NameError", "cannot access free variable '" + name +
                                       "' where it is not associated with a value in enclosing scope");
        }
      }
    }
  }
  auto g = globals->vars.find(name);
  if (g != globals->vars.end()) return g->second;
  auto b = builtins.find(name);
  if (b != builtins.end()) return b->second;
  throw_error("NameError", "name '" + name + "' is not defined");
}

void Interpreter::Impl::set_global(const std::string& name, ObjPtr value) {
  auto it = globals->vars.find(name);
  if (it == globals->vars.end()) {
    global_order.push_back(name);
    globals->vars.emplace(name, std::move(value));
  } else {
    it->second = std::move(value);
  }
}

void Interpreter::Impl::store(const std::string& name, ObjPtr value) {
  Scope* s = frame->scope.get();
  if (!s->info || s->info->globals.count(name)) {
    set_global(name, std::move(value));
    return;
  }
  if (s->info->nonlocals.count(name)) {
    for (Scope* p = s->parent.get(); p; p = p->parent.get()) {
      if (p->info && !p->is_class && p->info->locals.count(name)) {
        p->vars[name] = std::move(value);
        return;
      }
    }
    throw_error("SyntaxError", "no binding for nonlocal '" + name + "' found");
  }
  if (s->is_class && !s->vars.count(name)) s->order.push_back(name);
  s->vars[name] = std::move(value);
}

void Interpreter::Impl::delete_name(const std::string& name) {
  Scope* s = frame->scope.get();
  if (s->info && !s->info->globals.count(name)) {
    if (s->vars.erase(name)) return;
    if (s->info->locals.count(name))
      throw_error("UnboundLocalError",
                  "cannot access local variable '" + name + "' where it is not associated with a value");
  }
  if (!globals->vars.erase(name)) throw_error("NameError", "name '" + name + "' is not defined");
  global_order.erase(std::find(global_order.begin(), global_order.end(), name));
}

// ---------------------------------------------------------------- expressions

namespace {
struct ScopeSwap {  // comprehensions run in their own scope inside the current frame
  Frame* f;
  std::shared_ptr<Scope> saved;
  ScopeSwap(Frame* fr, std::shared_ptr<Scope> s) : f(fr), saved(fr->scope) { f->scope = std::move(s); }
  ~ScopeSwap() { f->scope = saved; }
};
}  // namespace

ObjPtr Interpreter::Impl::eval(const Expr& e) {
  RecursionScope scope(in, "");
  switch (e.kind) {
    case ExprKind::None: return none_obj;
    case ExprKind::True: return true_obj;
    case ExprKind::False: return false_obj;
    case ExprKind::Ellipsis: return ellipsis_obj;
    case ExprKind::Int: {
      auto& lit = static_cast<const IntLit&>(e);
      if (!lit.cache) lit.cache = in.make_int(lit.value);
      return lit.cache;
    }
    case ExprKind::Float: {
      auto& lit = static_cast<const FloatLit&>(e);
      if (!lit.cache) lit.cache = in.make_float(lit.value);
      return lit.cache;
    }
    case ExprKind::Str: {
      auto& lit = static_cast<const StrLit&>(e);
#ifdef TP_FUZZ_PLANTED_BUG
      // scripts/fuzz.sh --plant: a deliberate out-of-bounds write when a string literal holding
      // "planty" is evaluated, which proves the fuzzer reaches the evaluator and the sanitizers
      // stop the run (never in a real build). Inside a string the word keeps the program valid.
      if (lit.value.find("planty") != std::string::npos) {
        volatile char buf[4];
        for (volatile int i = 0; i < 64; ++i) buf[i] = 0;
      }
#endif
      if (!lit.cache) lit.cache = in.make_str(lit.value);
      return lit.cache;
    }
    case ExprKind::Bytes: {  // one constant object per literal, as CPython's code object holds it
      auto& lit = static_cast<const BytesLit&>(e);
      if (!lit.cache) lit.cache = make_bytes(std::vector<uint8_t>(lit.value.begin(), lit.value.end()), false);
      return lit.cache;
    }
    case ExprKind::FString: return eval_fstring(static_cast<const FString&>(e).parts);
    case ExprKind::Name: {
      const std::string& id = static_cast<const Name&>(e).id;
      frame->failing = &e;
      return lookup(id, e.line);
    }
    case ExprKind::Attribute: {
      auto& a = static_cast<const Attribute&>(e);
      ObjPtr obj = eval(*a.value);
      frame->failing = &e;
      return in.getattr(obj, a.attr);
    }
    case ExprKind::Subscript: {
      auto& s = static_cast<const Subscript&>(e);
      ObjPtr obj = eval(*s.value);
      ObjPtr idx = eval_subscript_index(*s.index);
      frame->failing = &e;
      return in.getitem(obj, idx);
    }
    case ExprKind::Slice: return eval_subscript_index(e);
    case ExprKind::Call: return eval_call(static_cast<const Call&>(e));
    case ExprKind::Starred: throw_error("SyntaxError", "can't use starred expression here");
    case ExprKind::DoubleStarred: throw_error("SyntaxError", "invalid syntax");
    case ExprKind::BinOp: {
      auto& b = static_cast<const BinOp&>(e);
      ObjPtr l = eval(*b.left);
      ObjPtr r = eval(*b.right);
      frame->failing = &e;
      return in.binary_op(b.op, l, r);
    }
    case ExprKind::UnaryOp: {
      auto& u = static_cast<const UnaryOp&>(e);
      ObjPtr v = eval(*u.operand);
      frame->failing = &e;
      if (u.op == "not") return in.make_bool(!in.truthy(v));
      return in.unary_op(u.op, v);
    }
    case ExprKind::BoolOp: {
      auto& b = static_cast<const BoolOp&>(e);
      // Python tests every operand but the last: `None or t` is t without bool(t).
      for (size_t i = 0; i + 1 < b.values.size(); ++i) {
        ObjPtr v = eval(*b.values[i]);
        bool t = in.truthy(v);
        if (b.is_and ? !t : t) return v;
      }
      return eval(*b.values.back());
    }
    case ExprKind::Compare: {
      auto& c = static_cast<const Compare&>(e);
      ObjPtr left = eval(*c.left);
      ObjPtr result;
      for (size_t i = 0; i < c.ops.size(); ++i) {
        ObjPtr right = eval(*c.comparators[i]);
        frame->failing = &e;
        result = in.compare(c.ops[i], left, right);
        if (i + 1 < c.ops.size() && !in.truthy(result)) return result;
        left = right;
      }
      return result;
    }
    case ExprKind::IfExp: {
      auto& i = static_cast<const IfExp&>(e);
      return in.truthy(eval(*i.test)) ? eval(*i.body) : eval(*i.orelse);
    }
    case ExprKind::Lambda:
      return make_function_object(static_cast<const Lambda&>(e).code, nullptr, frame->qualprefix + "<lambda>");
    case ExprKind::NamedExpr: {
      auto& n = static_cast<const NamedExpr&>(e);
      ObjPtr v = eval(*n.value);
      if (frame->scope->is_comprehension) {  // PEP 572: bind in the first enclosing non-comprehension scope
        std::shared_ptr<Scope> s = frame->scope;
        while (s && s->is_comprehension) s = s->parent;
        if (!s) {  // the comprehension sits at module level
          set_global(n.target, v);
          return v;
        }
        ScopeSwap swap(frame, s);
        store(n.target, v);
        return v;
      }
      store(n.target, v);
      return v;
    }
    case ExprKind::List: case ExprKind::Tuple: {
      std::vector<ObjPtr> items;
      for (auto& x : static_cast<const Collection&>(e).elts) {
        if (x->kind == ExprKind::Starred) {
          auto more = in.iterate(eval(*static_cast<const Starred&>(*x).value));
          items.insert(items.end(), more.begin(), more.end());
        } else {
          items.push_back(eval(*x));
        }
      }
      return e.kind == ExprKind::List ? in.make_list(std::move(items)) : in.make_tuple(std::move(items));
    }
    case ExprKind::Set: return eval_set_display(static_cast<const Collection&>(e));
    case ExprKind::Dict: {
      auto& d = static_cast<const DictExpr&>(e);
      auto dict = std::make_shared<DictObj>();
      for (size_t i = 0; i < d.keys.size(); ++i) {
        if (!d.keys[i]) {
          ObjPtr m = eval(*d.values[i]);
          if (m->kind != Kind::Dict) throw_error("TypeError", "'" + in.type_name(m) + "' object is not a mapping");
          for (auto& kv : as<DictObj>(m).items) in.setitem(dict, kv.first, kv.second);
          continue;
        }
        ObjPtr k = eval(*d.keys[i]);
        ObjPtr v = eval(*d.values[i]);
        in.setitem(dict, k, v);
      }
      return dict;
    }
    case ExprKind::ListComp: case ExprKind::SetComp: case ExprKind::DictComp: case ExprKind::GeneratorExp:
      return eval_comprehension(static_cast<const Comp&>(e));
  }
  throw InternalError("unknown expression kind");
}

ObjPtr Interpreter::Impl::eval_subscript_index(const Expr& index) {
  if (index.kind == ExprKind::Slice) {
    auto& s = static_cast<const Slice&>(index);
    auto sl = std::make_shared<SliceObj>();
    sl->start = s.lower ? eval(*s.lower) : in.none();
    sl->stop = s.upper ? eval(*s.upper) : in.none();
    sl->step = s.step ? eval(*s.step) : in.none();
    return sl;
  }
  if (index.kind == ExprKind::Tuple) {
    std::vector<ObjPtr> items;
    for (auto& x : static_cast<const Collection&>(index).elts) {
      if (x->kind == ExprKind::Starred) {
        auto more = in.iterate(eval(*static_cast<const Starred&>(*x).value));
        items.insert(items.end(), more.begin(), more.end());
      } else {
        items.push_back(eval_subscript_index(*x));
      }
    }
    return in.make_tuple(std::move(items));
  }
  return eval(index);
}

ObjPtr Interpreter::Impl::eval_call(const Call& c) {
  ObjPtr fn = eval(*c.func);
  CallArgs args;
  args.args.reserve(c.args.size());
  for (auto& a : c.args) {
    if (a->kind == ExprKind::Starred) {
      ObjPtr seq = eval(*static_cast<const Starred&>(*a).value);
      auto more = in.iterate(seq);
      args.args.insert(args.args.end(), more.begin(), more.end());
    } else {
      args.args.push_back(eval(*a));
    }
  }
  for (auto& k : c.keywords) {
    ObjPtr v = eval(*k.value);
    if (!k.name.empty()) {
      args.kwargs.push_back({k.name, v});
      continue;
    }
    if (v->kind != Kind::Dict)
      throw_error("TypeError", "argument after ** must be a mapping, not " + in.type_name(v));
    for (auto& kv : as<DictObj>(v).items) {
      if (kv.first->kind != Kind::Str) throw_error("TypeError", "keywords must be strings");
      const std::string& name = as<StrObj>(kv.first).value;
      for (auto& existing : args.kwargs)
        if (existing.first == name) throw_error("TypeError", "got multiple values for keyword argument '" + name + "'");
      args.kwargs.push_back({name, kv.second});
    }
  }
  int line = in.current_line_;
  frame->failing = &c;
  ObjPtr r = in.call(fn, std::move(args));
  in.current_line_ = line;
  return r;
}

ObjPtr Interpreter::Impl::make_function_object(const std::shared_ptr<FunctionCode>& code,
                                               const std::vector<ExprPtr>*, const std::string& qualname) {
  auto f = std::make_shared<UserFunctionObj>();
  f->code = code;
  f->qualname = qualname;
  for (auto& p : code->params) f->defaults.push_back(p.default_value ? eval(*p.default_value) : nullptr);
  const auto& cur = frame->scope;
  if (cur->info) f->closure = cur->is_class ? cur->parent : cur;
  return f;
}

// ---------------------------------------------------------------- comprehensions

// Note [Generator expressions]: `(elt for t in it if c ...)` evaluates the first iterable and calls
// iter() on it at once, in the enclosing scope, like CPython; everything else runs when an item is
// asked for. The resumable state is one iterator per `for` clause (a stack: the innermost clause is
// on top), so nested clauses are lazy too.
ObjPtr Interpreter::Impl::eval_comprehension(const Comp& c) {
  auto scope = std::make_shared<Scope>();
  scope->info = &c.scope;
  scope->is_comprehension = true;
  scope->parent = frame->scope->info ? frame->scope : nullptr;
  ObjPtr first_iter = in.iter(eval_iterable(*c.generators[0].iter));  // in the enclosing scope, like Python
  if (c.kind == ExprKind::GeneratorExp) {
    auto stack = std::make_shared<std::vector<ObjPtr>>(std::vector<ObjPtr>{first_iter});
    Impl* self = this;
    const Comp* comp = &c;
    std::string qualprefix = frame->qualprefix + "<genexpr>.";
    return std::make_shared<IteratorObj>("generator", [self, comp, scope, stack, qualprefix](Interpreter&) -> ObjPtr {
      return self->resume_genexp(*comp, scope, *stack, qualprefix);
    });
  }
  ScopeSwap swap(frame, scope);
  std::vector<ObjPtr> out;
  auto dict = c.kind == ExprKind::DictComp ? std::make_shared<DictObj>() : nullptr;
  auto set = c.kind == ExprKind::SetComp ? make_new_set(in, false) : nullptr;  // SET_ADD as each element comes

  Callable<void(size_t, const ObjPtr&)> level = [&](size_t i, const ObjPtr& it) {
    const Comprehension& g = c.generators[i];
    while (ObjPtr item = in.next_item(it)) {  // one item at a time (Note [Lazy iteration])
      in.count_step();
      assign(*g.target, item);
      bool keep = true;
      for (auto& cond : g.ifs)
        if (!in.truthy(eval(*cond))) { keep = false; break; }
      if (!keep) continue;
      if (i + 1 < c.generators.size()) {
        level(i + 1, in.iter(eval_iterable(*c.generators[i + 1].iter)));
      } else if (dict) {
        ObjPtr k = eval(*c.key);
        ObjPtr v = eval(*c.value);
        in.setitem(dict, k, v);
      } else if (set) {
        set_add_key(in, *set, eval(*c.elt));
      } else {
        out.push_back(eval(*c.elt));
      }
    }
  };
  level(0, first_iter);
  if (dict) return dict;
  if (set) return set;
  return in.make_list(std::move(out));
}

// One item of a generator expression, run in its own `<genexpr>` frame (tracebacks show it, as in
// CPython); nullptr when exhausted.
ObjPtr Interpreter::Impl::resume_genexp(const Comp& c, const std::shared_ptr<Scope>& scope, std::vector<ObjPtr>& stack,
                                        const std::string& qualprefix) {
  in.enter_call();
  Frame fr;
  fr.scope = scope;
  fr.name = "<genexpr>";
  fr.depth = frame->depth + 1;
  fr.qualprefix = qualprefix;
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
  } restore{in, frame, frame, in.current_line_};
  fr.caller = frame;
  fr.caller_line = in.current_line_;
  frame = &fr;
  in.current_line_ = c.line;
  try {
    while (!stack.empty()) {
      size_t i = stack.size() - 1;
      fr.failing = nullptr;
      ObjPtr item = in.next_item(stack.back());
      if (!item) {
        stack.pop_back();
        continue;
      }
      in.count_step();
      const Comprehension& g = c.generators[i];
      assign(*g.target, item);
      bool keep = true;
      for (auto& cond : g.ifs)
        if (!in.truthy(eval(*cond))) { keep = false; break; }
      if (!keep) continue;
      if (i + 1 < c.generators.size()) {
        stack.push_back(in.iter(eval_iterable(*c.generators[i + 1].iter)));
        continue;
      }
      return eval(*c.elt);
    }
    return nullptr;
  } catch (PyException& e) {
    stack.clear();  // a generator that raised is finished, as in CPython
    add_traceback(e, c.line);
    throw;
  } catch (const std::exception& ex) {
    stack.clear();
    bool ok;
    PyException e = convert(ex, ok);
    add_traceback(e, c.line);
    throw e;
  }
}

// ---------------------------------------------------------------- set displays

namespace {
// What CPython's AST optimiser folds into one constant: literals, and unary/binary operators and
// tuples over constants.
bool is_folded_constant(const Expr& e) {
  switch (e.kind) {
    case ExprKind::None: case ExprKind::True: case ExprKind::False: case ExprKind::Ellipsis:
    case ExprKind::Int: case ExprKind::Float: case ExprKind::Str: case ExprKind::Bytes:
      return true;
    case ExprKind::UnaryOp: return is_folded_constant(*static_cast<const UnaryOp&>(e).operand);
    case ExprKind::BinOp: {
      auto& b = static_cast<const BinOp&>(e);
      return b.op != "@" && is_folded_constant(*b.left) && is_folded_constant(*b.right);
    }
    case ExprKind::Tuple:
      for (auto& x : static_cast<const Collection&>(e).elts)
        if (!is_folded_constant(*x)) return false;
      return true;
    default: return false;
  }
}
}  // namespace

static bool is_constant_set_display(const Expr& e) {
  if (e.kind != ExprKind::Set) return false;
  for (auto& x : static_cast<const Collection&>(e).elts)
    if (!is_folded_constant(*x)) return false;
  return true;
}

// Note [Constant set displays]: CPython compiles a display of more than two constants, such as
// {100, 5, 37, 8}, to a frozenset constant merged into an empty set (BUILD_SET 0; SET_UPDATE), and
// any other display to adds in order. The constant is built from the elements in source order, then
// rebuilt by the compiler from its own iteration order (merge_consts_recursive), and the merge
// may size the table differently again: each step can move elements, so all are followed here.
// `for x in {...}` and comprehensions over such a display iterate the frozenset itself (fold_iter).
ObjPtr Interpreter::Impl::eval_constant_frozenset(const Collection& c) {
  SetPtr built = make_new_set(in, true);
  for (auto& x : c.elts) set_add_key(in, *built, eval(*x));
  SetPtr rebuilt = make_new_set(in, true);
  for (const ObjPtr& key : built->table.keys()) set_add_key(in, *rebuilt, key);
  return rebuilt;
}

ObjPtr Interpreter::Impl::eval_iterable(const Expr& e) {
  if (is_constant_set_display(e)) return eval_constant_frozenset(static_cast<const Collection&>(e));
  return eval(e);
}

ObjPtr Interpreter::Impl::eval_set_display(const Collection& c) {
  SetPtr set = make_new_set(in, false);
  if (c.elts.size() > 2 && is_constant_set_display(c)) {
    set_update_internal(in, *set, eval_constant_frozenset(c));
    return set;
  }
  for (auto& x : c.elts) {
    if (x->kind == ExprKind::Starred) set_update_internal(in, *set, eval(*static_cast<const Starred&>(*x).value));
    else set_add_key(in, *set, eval(*x));
  }
  return set;
}

// ---------------------------------------------------------------- f-strings

ObjPtr Interpreter::Impl::eval_fstring(const std::vector<FStringPart>& parts) {
  std::string out;
  for (auto& p : parts) {
    if (!p.expr) {
      out += p.literal;
      continue;
    }
    ObjPtr v = eval(*p.expr);
    out += p.expr_text;
    frame->failing = nullptr;
    std::string spec;
    if (!p.spec.empty()) spec = as<StrObj>(eval_fstring(p.spec)).value;
    if (p.conversion == 'r' || p.conversion == 'a') v = in.make_str(in.repr(v));
    else if (p.conversion == 's') v = in.make_str(in.str(v));
    out += format_with_spec(in, v, spec);
  }
  return in.make_str(std::move(out));
}

}  // namespace tp::interp
