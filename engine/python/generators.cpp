// Generator functions: a `def` whose body yields.
//
// Note [Generators]
// The evaluator is a tree walker that runs a function on the C++ stack, so a body cannot simply
// stop at a `yield` and come back later. Instead a generator runs its body on an explicit cursor
// stack: one cursor (block + next statement) per compound statement that is open around the
// current point. Only statements that contain a yield (Stmt::has_yield, set by the parser) are
// opened this way — `if`, `for` and `while` — every other statement, including whole loops
// without a yield, runs through the ordinary exec() and so keeps its events, step counting and
// tracebacks. A `yield` returns its value to whoever asked for the next item; the next request
// continues from the cursors. The parser refuses a yield inside `try` or `with` (their handlers
// and exits would have to be re-entered across a suspension), and a yield inside an expression.
#include "core/error.h"
#include "python/interp_impl.h"

namespace tp::interp {

namespace {

struct Cursor {
  const Block* block;
  size_t pc = 0;
  const Stmt* loop = nullptr;  // the for / while whose body this is; null for other blocks
  ObjPtr iter = nullptr;       // a for loop's iterator
};

}  // namespace

struct GeneratorState {
  ObjPtr function;  // keeps the code alive while the generator lives
  Frame frame;
  std::vector<Cursor> cursors;
  const YieldStmt* suspended_at = nullptr;  // the yield to finish on resume (assign its target)
  ObjPtr delegate;                          // `yield from`: the iterator being drained
  bool running = false, finished = false;
};

namespace {

class Resume {
 public:
  Resume(Interpreter::Impl& impl, GeneratorState& g) : impl_(impl), in_(impl.in), g_(g) {}

  // The next yielded value, or nullptr once the body has returned.
  ObjPtr next() {
    if (g_.finished) return nullptr;
    if (g_.running) impl_.throw_error("ValueError", "generator already executing");
    in_.enter_call();
    g_.frame.depth = impl_.frame->depth + 1;
    Frame* caller = impl_.frame;
    int caller_line = impl_.current_line_ref();
    g_.frame.caller = impl_.frame;
    g_.frame.caller_line = caller_line;
    impl_.frame = &g_.frame;
    g_.running = true;
    struct Restore {
      Resume& r;
      Frame* caller;
      int line;
      ~Restore() {
        r.impl_.frame = caller;
        r.impl_.current_line_ref() = line;
        r.g_.running = false;
        r.in_.exit_call();
      }
    } restore{*this, caller, caller_line};
    try {
      ObjPtr v = run();
      if (!v) g_.finished = true;
      return v;
    } catch (...) {
      g_.finished = true;  // an exception ends a generator, as in Python
      throw;
    }
  }

 private:
  ObjPtr run() {
    if (const YieldStmt* y = g_.suspended_at; y && !g_.delegate) {
      g_.suspended_at = nullptr;
      if (y->target) guarded(*y, [&] { impl_.assign(*y->target, in_.none()); });
    }
    while (true) {
      if (g_.delegate) {
        const YieldStmt& y = *g_.suspended_at;
        ObjPtr item;
        guarded(y, [&] { item = in_.next_item(g_.delegate); });
        if (item) return item;
        g_.delegate = nullptr;
        g_.suspended_at = nullptr;
        if (y.target) guarded(y, [&] { impl_.assign(*y.target, in_.none()); });
        continue;
      }
      if (g_.cursors.empty()) return nullptr;
      Cursor& c = g_.cursors.back();
      if (c.pc == c.block->size()) {
        end_of_block();
        continue;
      }
      const Stmt& s = *(*c.block)[c.pc++];
      if (!s.has_yield) {
        Flow f = impl_.exec(s);
        if (f == Flow::Return) return nullptr;
        if (f == Flow::Break || f == Flow::Continue) unwind_to_loop(f);
        continue;
      }
      if (ObjPtr v = open(s)) return v;
    }
  }

  // Starts a statement that contains a yield; returns a value if it is the yield itself.
  ObjPtr open(const Stmt& s) {
    impl_.current_line_ref() = s.line;
    impl_.frame->failing = nullptr;
    switch (s.kind) {
      case StmtKind::Yield: {
        auto& y = static_cast<const YieldStmt&>(s);
        ObjPtr v;
        guarded(s, [&] {
          in_.count_step();
          v = y.value ? impl_.eval(*y.value) : in_.none();
          if (y.from) v = in_.iter(v);
        });
        impl_.fire_event(s, nullptr);
        g_.suspended_at = &y;
        if (y.from) {
          g_.delegate = v;
          return nullptr;  // run() drains it
        }
        return v;
      }
      case StmtKind::If: {
        auto& i = static_cast<const If&>(s);
        bool taken = false;
        guarded(s, [&] {
          in_.count_step();
          taken = in_.truthy(impl_.eval(*i.test));
        });
        g_.cursors.push_back({taken ? &i.body : &i.orelse});
        return nullptr;
      }
      case StmtKind::For: {
        auto& f = static_cast<const For&>(s);
        ObjPtr it;
        guarded(s, [&] {
          in_.count_step();
          it = in_.iter(impl_.eval_iterable(*f.iter));
        });
        g_.cursors.push_back({&f.body, f.body.size(), &s, it});
        next_iteration(true);
        return nullptr;
      }
      case StmtKind::While: {
        g_.cursors.push_back({&static_cast<const While&>(s).body, 0, &s});
        g_.cursors.back().pc = g_.cursors.back().block->size();
        next_iteration(true);
        return nullptr;
      }
      default:
        throw InternalError("generator: statement kind cannot contain a yield");
    }
  }

  // The top cursor ran off its block: loop again, or close it.
  void end_of_block() {
    if (g_.cursors.back().loop) next_iteration(false);
    else g_.cursors.pop_back();
  }

  // The top cursor is a loop at the end of its body: start the next pass, or leave the loop
  // (running its `else` block, as a loop that was not broken does).
  void next_iteration(bool first) {
    Cursor& c = g_.cursors.back();
    const Stmt& s = *c.loop;
    bool again = false;
    guarded(s, [&] {
      impl_.current_line_ref() = s.line;
      impl_.frame->failing = nullptr;
      if (!first) in_.count_step();
      if (s.kind == StmtKind::For) {
        if (ObjPtr item = in_.next_item(c.iter)) {
          impl_.assign(*static_cast<const For&>(s).target, item);
          again = true;
        }
      } else {
        again = in_.truthy(impl_.eval(*static_cast<const While&>(s).test));
      }
    });
    if (again) {
      c.pc = 0;
      return;
    }
    const Block& orelse = s.kind == StmtKind::For ? static_cast<const For&>(s).orelse : static_cast<const While&>(s).orelse;
    g_.cursors.pop_back();
    g_.cursors.push_back({&orelse});
  }

  // break / continue from a statement run by exec(): they belong to the innermost open loop.
  void unwind_to_loop(Flow f) {
    while (!g_.cursors.back().loop) g_.cursors.pop_back();
    if (f == Flow::Break) g_.cursors.pop_back();
    else g_.cursors.back().pc = g_.cursors.back().block->size();
  }

  // Runs part of a statement with the bookkeeping exec() gives a whole one: its traceback entry
  // and the error event the trace records.
  template <class F>
  void guarded(const Stmt& s, F&& f) {
    try {
      f();
    } catch (PyException& e) {
      impl_.add_traceback(e, s);
      if (!e.reported) {
        e.reported = true;
        impl_.fire_event(s, &e);
      }
      throw;
    } catch (const std::exception& ex) {
      bool ok;
      PyException e = impl_.convert(ex, ok);
      impl_.add_traceback(e, s);
      e.reported = true;
      impl_.fire_event(s, &e);
      throw e;
    }
  }

  Interpreter::Impl& impl_;
  Interpreter& in_;
  GeneratorState& g_;
};

}  // namespace

ObjPtr Interpreter::Impl::make_generator(ObjPtr function, const UserFunctionObj& f, Frame frame_at_call) {
  auto state = std::make_shared<GeneratorState>();
  state->function = std::move(function);
  state->frame = std::move(frame_at_call);
  state->cursors.push_back({&f.code->body});
  Impl* self = this;
  auto gen = std::make_shared<IteratorObj>("generator", [self, state](Interpreter&) -> ObjPtr {
    return Resume(*self, *state).next();
  });
  gen->qualname = f.qualname;
  return gen;
}

}  // namespace tp::interp
