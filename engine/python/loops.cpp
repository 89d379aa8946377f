// The `for` and `while` statements: one counted step per iteration after the first, `break` /
// `continue` / `else`, and iteration that follows CPython (lazy ranges, lists by index, dicts and
// sets that must not change size, one item at a time from any other iterator).
#include "core/error.h"
#include "python/interp_impl.h"
#include "python/library.h"

namespace tp::interp {

Flow Interpreter::Impl::exec_while(const While& w) {
  bool first = true;
  while (true) {
    if (!first) {
      in.current_line_ = w.line;
      in.count_step();
    }
    first = false;
    if (!in.truthy(eval(*w.test))) return exec_block(w.orelse);
    Flow f = exec_block(w.body);
    if (f == Flow::Break) return Flow::Normal;
    if (f == Flow::Return) return f;
  }
}

Flow Interpreter::Impl::exec_for(const For& s) {
  ObjPtr seq = eval_iterable(*s.iter);
  frame->failing = nullptr;
  bool first = true;
  bool pulls_counted = false;  // next_item counts each pull as a step; do not count it again
  auto step = [&](const ObjPtr& item) -> Flow {
    in.current_line_ = s.line;
    if (!first && !pulls_counted) in.count_step();
    first = false;
    assign(*s.target, item);
    return exec_block(s.body);
  };
  auto handle = [&](Flow f, bool& stop) -> Flow {
    stop = f == Flow::Break || f == Flow::Return;
    return f == Flow::Return ? f : Flow::Normal;
  };
  bool stop = false;
  if (seq->kind == Kind::Range) {  // lazily: range(10**9) must not be materialised
    auto& r = as<RangeObj>(seq);
    for (int64_t v = r.start; r.step > 0 ? v < r.stop : v > r.stop; v += r.step) {
      Flow f = handle(step(in.make_int(v)), stop);
      if (stop) return f;
    }
  } else if (seq->kind == Kind::List) {  // by index: appending while iterating is seen, as in Python
    auto& l = as<ListObj>(seq);
    for (size_t i = 0; i < l.items.size(); ++i) {
      Flow f = handle(step(l.items[i]), stop);
      if (stop) return f;
    }
  } else if (seq->kind == Kind::Dict) {
    auto& d = as<DictObj>(seq);
    size_t n = d.items.size();
    for (size_t i = 0; i < d.items.size(); ++i) {
      Flow f = handle(step(d.items[i].first), stop);
      if (stop) return f;
      if (d.items.size() != n) throw_error("RuntimeError", "dictionary changed size during iteration");
    }
  } else if (seq->kind == Kind::Set) {  // over a snapshot; growing or shrinking the set is an error
    auto& set = as<SetObj>(seq);
    size_t n = set.table.size();
    for (const ObjPtr& item : set.table.keys()) {
      if (set.table.size() != n) throw_error("RuntimeError", "Set changed size during iteration");
      Flow f = handle(step(item), stop);
      if (stop) return f;
    }
    if (set.table.size() != n) throw_error("RuntimeError", "Set changed size during iteration");
  } else {  // one item per iteration (Note [Lazy iteration])
    ObjPtr it = in.iter(seq);
    pulls_counted = true;
    while (true) {
      in.current_line_ = s.line;  // an error raised by the iterator belongs to the `for` line
      frame->failing = nullptr;
      ObjPtr item = in.next_item(it);
      if (!item) break;
      Flow f = handle(step(item), stop);
      if (stop) return f;
    }
  }
  return exec_block(s.orelse);
}

}  // namespace tp::interp
