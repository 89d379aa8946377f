// Python's builtin exception hierarchy, turning engine errors into Python exceptions, and the
// CPython-style traceback printed for an uncaught one.
#include "python/exceptions.h"

#include <map>
#include <new>
#include <stdexcept>

#include "core/error.h"
#include "python/interp_impl.h"
#include "python/parser/parser.h"
#include "python/parser/token.h"

namespace tp::interp {

namespace {
const std::map<std::string, std::string>& hierarchy() {
  static const std::map<std::string, std::string> h = {
      {"BaseException", ""},
      {"SystemExit", "BaseException"}, {"KeyboardInterrupt", "BaseException"}, {"GeneratorExit", "BaseException"},
      {"Exception", "BaseException"},
      {"ArithmeticError", "Exception"}, {"FloatingPointError", "ArithmeticError"},
      {"OverflowError", "ArithmeticError"}, {"ZeroDivisionError", "ArithmeticError"},
      {"AssertionError", "Exception"}, {"AttributeError", "Exception"}, {"BufferError", "Exception"},
      {"EOFError", "Exception"}, {"ImportError", "Exception"}, {"ModuleNotFoundError", "ImportError"},
      {"LookupError", "Exception"}, {"IndexError", "LookupError"}, {"KeyError", "LookupError"},
      {"MemoryError", "Exception"}, {"NameError", "Exception"}, {"UnboundLocalError", "NameError"},
      {"OSError", "Exception"}, {"FileNotFoundError", "OSError"}, {"ReferenceError", "Exception"},
      {"RuntimeError", "Exception"}, {"NotImplementedError", "RuntimeError"}, {"RecursionError", "RuntimeError"},
      {"StopIteration", "Exception"}, {"SyntaxError", "Exception"}, {"IndentationError", "SyntaxError"},
      {"TabError", "IndentationError"}, {"SystemError", "Exception"}, {"TypeError", "Exception"},
      {"ValueError", "Exception"}, {"UnicodeError", "ValueError"}, {"UnicodeEncodeError", "UnicodeError"},
      {"Warning", "Exception"}, {"UserWarning", "Warning"}, {"DeprecationWarning", "Warning"},
      {"FutureWarning", "Warning"}, {"RuntimeWarning", "Warning"}, {"SyntaxWarning", "Warning"},
      {"PendingDeprecationWarning", "Warning"}, {"ImportWarning", "Warning"}, {"ResourceWarning", "Warning"},
      {"UnicodeWarning", "Warning"}, {"BytesWarning", "Warning"},
      // numpy's ufunc casting errors (numpy/core/_exceptions.py): TypeError subclasses.
      {"numpy.core._exceptions._UFuncOutputCastingError", "TypeError"},
      // torch/autograd/gradcheck.py: class GradcheckError(RuntimeError).
      {"torch.autograd.gradcheck.GradcheckError", "RuntimeError"},
  };
  return h;
}

std::string strip(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\f");
  if (a == std::string::npos) return "";
  size_t b = s.find_last_not_of(" \t\f\r");
  return s.substr(a, b - a + 1);
}

// Code points in the first `bytes` bytes of s (CPython's byte -> character offsets).
int chars_in(const std::string& s, int bytes) {
  if (bytes > int(s.size())) bytes = int(s.size());
  int n = 0;
  for (int i = 0; i < bytes; ++i)
    if ((static_cast<unsigned char>(s[size_t(i)]) & 0xC0) != 0x80) ++n;
  return n;
}

bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\n' || c == '\r' || c == '\v'; }

// CPython 3.11's extract_anchors_from_expr: inside a one-line failing segment, a binary operator
// or a subscript's brackets get '^' and the rest '~'. Offsets are bytes of the segment.
bool segment_anchors(const std::string& seg, int& left, int& right) {
  std::unique_ptr<Program> prog;
  try {
    prog = parse_program(seg);
  } catch (...) {
    return false;
  }
  if (prog->body.size() != 1 || prog->body[0]->kind != StmtKind::Expr) return false;
  const Expr& e = *static_cast<const ExprStmt&>(*prog->body[0]).value;
  if (e.kind == ExprKind::BinOp) {
    auto& b = static_cast<const BinOp&>(e);
    int l_end = b.left->end_col, r_col = b.right->col;
    if (l_end < 0 || r_col < 0) return false;
    for (int i = l_end; i < r_col; ++i) {
      if (is_ws(seg[size_t(i)])) continue;
      left = i;
      right = i + 1;
      if (i + 1 < r_col && !is_ws(seg[size_t(i + 1)])) ++right;  // two-character operator (//, **)
      if (i + 1 < r_col && seg[size_t(i)] == ')') continue;      // skip the left operand's ')'
      break;
    }
    return true;
  }
  if (e.kind == ExprKind::Subscript) {
    auto& s = static_cast<const Subscript&>(e);
    int len = int(seg.size());
    left = s.value->end_col;
    right = s.index->end_col + 1;
    while (left < len && (is_ws(seg[size_t(left)]) || seg[size_t(left)] != '[')) ++left;
    while (right < len && (is_ws(seg[size_t(right)]) || seg[size_t(right)] != ']')) ++right;
    if (right < len) ++right;
    return true;
  }
  return false;
}

// The source line of a traceback entry and, when the failing expression does not span it, the
// line of carets under the expression (CPython 3.11's tb_displayline).
std::string entry_lines(const TracebackEntry& t, const std::string& raw) {
  std::string src = raw;
  if (!src.empty() && src.back() == '\r') src.pop_back();
  size_t lead = 0;
  while (lead < src.size() && (src[lead] == ' ' || src[lead] == '\t' || src[lead] == '\f')) ++lead;
  if (lead == src.size()) return "";
  std::string out = "    " + src.substr(lead) + "\n";
  if (t.col < 0) return out;
  int lead_chars = chars_in(src, int(lead));
  int line_chars = chars_in(src, int(src.size()));
  int start = chars_in(src, t.col);
  int end;
  int left = -1, right = -1;
  if (t.end_line == t.line && t.end_col >= 0) {
    end = chars_in(src, t.end_col);
    int bl, br;
    std::string seg = src.substr(size_t(t.col), size_t(std::max(0, t.end_col - t.col)));
    if (segment_anchors(seg, bl = -1, br = -1) && bl >= 0) {
      left = start + chars_in(seg, bl);
      right = start + chars_in(seg, br);
    }
  } else {
    size_t i = src.size();
    while (i > 0 && is_ws(src[i - 1])) --i;
    end = chars_in(src, int(i));
  }
  bool secondary = left != -1 || right != -1;
  if (end - start == line_chars - lead_chars && !secondary) return out;
  std::string c = "    ";
  for (int p = lead_chars + 1; p <= end; ++p) {
    if (p <= start) c += ' ';
    else if (secondary && left < p && p <= right) c += '^';
    else c += secondary ? '~' : '^';
  }
  return out + c + "\n";
}
}  // namespace

bool is_exception_class(const std::string& name) { return hierarchy().count(name) > 0; }

std::string exception_base(const std::string& name) {
  auto it = hierarchy().find(name);
  return it == hierarchy().end() ? "" : it->second;
}

bool exception_matches(const std::string& type, const std::string& handler) {
  for (std::string t = type; !t.empty(); t = exception_base(t))
    if (t == handler) return true;
  return false;
}

const std::vector<std::string>& exception_class_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (auto& kv : hierarchy()) v.push_back(kv.first);
    return v;
  }();
  return names;
}

std::string format_traceback(const PyException& e, const std::string& filename,
                             const Callable<std::string(int)>& source_line) {
  std::string out;
  if (e.context && !e.suppress_context) {
    out += format_traceback(*e.context, filename, source_line);
    out += e.context_is_cause ? "\nThe above exception was the direct cause of the following exception:\n\n"
                              : "\nDuring handling of the above exception, another exception occurred:\n\n";
  }
  std::string last = e.type();
  if (!e.message().empty()) last += ": " + e.message();
  if (e.is_syntax_error) {
    out += "  File \"" + filename + "\", line " + std::to_string(e.syntax_line) + "\n";
    std::string src = source_line(e.syntax_line);
    std::string s = strip(src);
    if (!s.empty() && e.message() == "unexpected indent") {
      out += "    " + s + "\n";
    } else if (!s.empty()) {
      size_t lead = src.find_first_not_of(" \t\f");
      int caret = e.syntax_col - int(lead == std::string::npos ? 0 : lead);
      if (caret < 0) caret = 0;
      if (caret > int(s.size())) caret = int(s.size());
      out += "    " + s + "\n    " + std::string(size_t(caret), ' ') + "^\n";
    }
    return out + last + "\n";
  }
  if (!e.traceback.empty()) {
    out += "Traceback (most recent call last):\n";
    // Consecutive identical entries collapse after three, like CPython's recursion tracebacks.
    size_t i = 0;
    while (i < e.traceback.size()) {
      size_t j = i;
      while (j + 1 < e.traceback.size() && e.traceback[j + 1].line == e.traceback[i].line &&
             e.traceback[j + 1].function == e.traceback[i].function)
        ++j;
      size_t run = j - i + 1;
      for (size_t k = 0; k < std::min<size_t>(run, 3); ++k) {
        auto& t = e.traceback[i];
        out += "  File \"" + filename + "\", line " + std::to_string(t.line) + ", in " + t.function + "\n";
        out += entry_lines(t, source_line(t.line));
      }
      if (run > 3)
        out += "  [Previous line repeated " + std::to_string(run - 3) + " more time" + (run - 3 == 1 ? "" : "s") + "]\n";
      i = j + 1;
    }
  }
  return out + last + "\n";
}

// torch.fx.traceback.format_stack() = traceback.format_list(traceback.extract_stack()[:-1]): one
// entry per live frame, outermost first, each at the line its running expression starts on; no
// caret lines (format_list of extracted frames prints none in PyTorch's anomaly warnings).
std::string Interpreter::format_stack() const {
  std::vector<TracebackEntry> entries;
  int line = current_line_;
  for (const Frame* f = impl_->frame; f; f = f->caller) {
    TracebackEntry t;
    t.function = f->name;
    t.line = line;
    if (const Expr* x = f->failing; x && x->col >= 0 && x->line <= line) t.line = x->line;
    entries.insert(entries.begin(), t);
    line = f->caller_line;
  }
  std::string out;
  for (auto& t : entries) {
    out += "  File \"" + filename_ + "\", line " + std::to_string(t.line) + ", in " + t.function + "\n";
    out += entry_lines(t, source_line(t.line));
  }
  return out;
}

// ---------------------------------------------------------------- Impl helpers

PyException Interpreter::Impl::make_error(const std::string& type, const std::string& message) {
  std::vector<ObjPtr> args;
  if (!message.empty()) args.push_back(in.make_str(message));
  PyException e(std::static_pointer_cast<ExceptionObj>(in.make_exception(type, message, std::move(args))));
  if (!handling.empty()) e.context = handling.back();
  return e;
}

void Interpreter::Impl::throw_error(const std::string& type, const std::string& message) {
  throw make_error(type, message);
}

void Interpreter::Impl::add_traceback(PyException& e, int line) {
  if (e.is_syntax_error) return;
  if (!e.traceback.empty() && e.traceback.front().depth == frame->depth) return;
  TracebackEntry t;
  t.function = frame->name;
  t.line = t.stmt_line = t.end_line = line;
  t.depth = frame->depth;
  if (const Expr* x = frame->failing; x && x->col >= 0) {
    t.line = x->line;
    t.col = x->col;
    t.end_line = x->end_line;
    t.end_col = x->end_col;
  }
  e.traceback.insert(e.traceback.begin(), t);
}

void Interpreter::Impl::add_traceback(PyException& e, const Stmt& s) {
  if (e.is_syntax_error) return;
  if (!e.traceback.empty() && e.traceback.front().depth == frame->depth) return;
  if (frame->failing && frame->failing->col >= 0) {
    add_traceback(e, s.line);
    return;
  }
  TracebackEntry t;
  t.function = frame->name;
  t.line = t.stmt_line = s.line;
  t.depth = frame->depth;
  t.col = s.col;
  t.end_line = s.end_line;
  t.end_col = s.is_simple() ? s.end_col : -1;
  if (!s.is_simple()) t.end_line = s.line;
  e.traceback.insert(e.traceback.begin(), t);
}

// Called from the handler that caught `ex`: rethrowing it and catching by type is how its class
// is told without RTTI (Note [Subtypes without RTTI]).
PyException Interpreter::Impl::convert(const std::exception& ex, bool& ok) {
  ok = true;
  try {
    throw;
  } catch (const TorchError& t) {
    PyException e = make_error(t.py_type(), t.what());
    e.tensor_ids = t.tensor_ids;
    e.node_ids = t.node_ids;
    return e;
  } catch (const std::bad_alloc&) {
    return make_error("MemoryError", "");
  } catch (const std::length_error&) {  // a container asked for more than it can ever hold
    return make_error("MemoryError", "the program asked for more memory than the playground can hold");
  } catch (const SyntaxErrorInfo& s) {
    return make_error(s.type, s.message);
  } catch (const InternalError& i) {  // a broken invariant: its message names it, and says it is ours
    ok = false;
    return make_error("RuntimeError", std::string(i.what()) + " (a bug in tensorplay, not in your program)");
  } catch (...) {
  }
  // Anything else escaped from the C++ library (std::stoi, std::out_of_range ...): its text means
  // nothing to a learner, so only say that the playground failed here.
  ok = false;
  return make_error("RuntimeError", "internal error: the playground failed on this line (a bug in tensorplay, not in "
                                    "your program)");
}

// A library's exception class (numpy.core._exceptions.X, torch.autograd.gradcheck.GradcheckError) is
// named by its module-qualified name, which is the type its exceptions carry; others by their name.
std::string Interpreter::Impl::exception_key(const ClassObj& c) const {
  if (c.is_user) return c.class_name;
  auto m = c.attrs.find("__module__");
  if (m == c.attrs.end() || m->second->kind != Kind::Str) return c.class_name;
  std::string full = static_cast<const StrObj&>(*m->second).value + "." + c.class_name;
  return is_exception_class(full) ? full : c.class_name;
}

bool Interpreter::Impl::exception_isinstance(const std::string& type, const std::string& handler) const {
  std::string t = type;
  while (!t.empty()) {
    if (t == handler) return true;
    auto u = user_exception_classes.find(t);
    if (u != user_exception_classes.end()) {
      t = u->second->bases.empty() ? "Exception" : exception_key(*u->second->bases[0]);
    } else {
      t = exception_base(t);
    }
  }
  return false;
}

}  // namespace tp::interp
