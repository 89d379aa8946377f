// The Interpreter's public API: object constructors for library code, output and warnings,
// running a module or a REPL line, and the limits (steps, recursion, output).
#include "python/interpreter.h"

#include <cstdio>
#include <sstream>

#include "core/context.h"
#include "core/utf8.h"
#include "core/error.h"
#include "core/heap.h"
#include "python/interp_impl.h"
#include "python/parser/lexer.h"
#include "python/library.h"
#include "python/parser/parser.h"

namespace tp::interp {

Interpreter::Impl::Impl(Interpreter& in_) : in(in_) {
  none_obj = std::make_shared<NoneObj>();
  true_obj = std::make_shared<BoolObj>(true);
  false_obj = std::make_shared<BoolObj>(false);
  ellipsis_obj = std::make_shared<EllipsisObj>();
  for (int64_t v = -5; v <= 256; ++v) small_ints.push_back(std::make_shared<IntObj>(v));
  globals = std::make_shared<Scope>();
  module_frame.scope = globals;
  module_frame.name = "<module>";
  module_frame.depth = 0;
  frame = &module_frame;
}

Interpreter::Interpreter(Limits limits) : limits_(limits), impl_(std::make_unique<Impl>(*this)) {
  impl_->install_exception_classes();
  impl_->install_builtin_types();
  impl_->install_builtins();
}

Interpreter::~Interpreter() = default;

// ---------------------------------------------------------------- constructors

ObjPtr Interpreter::none() { return impl_->none_obj; }
ObjPtr Interpreter::make_bool(bool v) { return v ? impl_->true_obj : impl_->false_obj; }
ObjPtr Interpreter::make_int(int64_t v) {
  if (v >= -5 && v <= 256) return impl_->small_ints[size_t(v + 5)];
  return std::make_shared<IntObj>(v);
}
ObjPtr Interpreter::make_float(double v) { return std::make_shared<FloatObj>(v); }
ObjPtr Interpreter::make_str(std::string v) { return std::make_shared<StrObj>(std::move(v)); }
ObjPtr Interpreter::make_generator(std::vector<ObjPtr> items, std::string qualname) {
  auto it = std::make_shared<IteratorObj>("generator", std::move(items));
  it->qualname = std::move(qualname);
  return it;
}

ObjPtr Interpreter::make_list(std::vector<ObjPtr> items) {
  auto l = std::make_shared<ListObj>();
  l->items = std::move(items);
  return l;
}
ObjPtr Interpreter::make_tuple(std::vector<ObjPtr> items) {
  auto t = std::make_shared<TupleObj>();
  t->items = std::move(items);
  return t;
}
ObjPtr Interpreter::make_dict(std::vector<std::pair<ObjPtr, ObjPtr>> items) {
  auto d = std::make_shared<DictObj>();
  d->items = std::move(items);
  return d;
}

ObjPtr Interpreter::wrap_tensor(const Tensor& t) {
  auto& cache = impl_->tensor_objects;
  if (ObjPtr o = cache.find(t.impl())) return o;
  auto o = std::make_shared<TensorObj>(t);
  cache.insert(t.impl(), o);
  return o;
}

ObjPtr Interpreter::wrap_ndarray(const Tensor& t) {
  auto& cache = impl_->ndarray_objects;
  if (ObjPtr o = cache.find(t.impl())) return o;
  auto o = std::make_shared<NdArrayObj>(t);
  cache.insert(t.impl(), o);
  return o;
}

ObjPtr Interpreter::make_function(std::string qualname, NativeFn fn) {
  return std::make_shared<FunctionObj>(std::move(qualname), std::move(fn));
}

ObjPtr Interpreter::bind(ObjPtr self, ObjPtr fn) { return std::make_shared<BoundMethodObj>(std::move(self), std::move(fn)); }

void Interpreter::register_module(const std::string& dotted_name, std::shared_ptr<ModuleObj> m) {
  impl_->modules[dotted_name] = std::move(m);
}

std::vector<std::string> Interpreter::module_names() const {
  std::vector<std::string> names;
  for (auto& kv : impl_->modules) names.push_back(kv.first);
  return names;
}

std::shared_ptr<ModuleObj> Interpreter::find_module(const std::string& dotted_name) const {
  auto it = impl_->modules.find(dotted_name);
  return it == impl_->modules.end() ? nullptr : it->second;
}

ObjPtr Interpreter::builtin(const std::string& name) const {
  auto it = impl_->builtins.find(name);
  return it == impl_->builtins.end() ? nullptr : it->second;
}

ObjPtr Interpreter::exception_class(const std::string& qualified_name) const {
  auto it = impl_->builtin_classes.find(qualified_name);
  return it == impl_->builtin_classes.end() ? nullptr : it->second;
}

[[noreturn]] void Interpreter::raise(const std::string& py_type, const std::string& message) {
  throw TorchError(py_type, message);
}

ObjPtr Interpreter::make_exception(const std::string& type, const std::string& message, std::vector<ObjPtr> args) {
  auto e = std::make_shared<ExceptionObj>(type, message);
  e->args = std::move(args);
  return e;
}

// ---------------------------------------------------------------- output, warnings, limits

void Interpreter::write_stdout(const std::string& s) {
  if (stdout_bytes_ + s.size() > limits_.max_output_bytes) {
    size_t room = limits_.max_output_bytes - std::min(stdout_bytes_, limits_.max_output_bytes);
    if (room && on_stdout) on_stdout(s.substr(0, room));
    stdout_bytes_ = limits_.max_output_bytes + 1;
    impl_->limit_error("RuntimeError", "output limit exceeded: the program printed more than " +
                                           std::to_string(limits_.max_output_bytes >> 20) +
                                           " MiB (the playground's limit)");
  }
  stdout_bytes_ += s.size();
  if (on_stdout) on_stdout(s);
}

void Interpreter::warn(const std::string& message, const std::string& category) {
  int line = current_line_;
  std::string action = "default";
  for (auto& f : impl_->warning_filters) {  // newest filter first, like warnings.filters
    if (impl_->exception_isinstance(category, f.second)) {
      action = f.first;
      break;
    }
  }
  if (action == "ignore") return;
  if (action == "error") impl_->throw_error(category, message);
  if (action != "always" && !impl_->warned.insert({line, category + ": " + message}).second) return;  // Python's default filter
  std::string text = filename_ + ":" + std::to_string(line) + ": " + category + ": " + message + "\n";
  std::string src = source_line(line);
  size_t a = src.find_first_not_of(" \t");
  if (a != std::string::npos) text += "  " + src.substr(a) + "\n";
  if (on_stderr) on_stderr(text);
}

void Interpreter::warn_explicit(const std::string& message, const std::string& category, const std::string& location,
                                const std::string& source) {
  std::string action = "default";
  for (auto& f : impl_->warning_filters) {
    if (impl_->exception_isinstance(category, f.second)) {
      action = f.first;
      break;
    }
  }
  if (action == "ignore") return;
  if (action == "error") impl_->throw_error(category, message);
  if (action != "always" && !impl_->warned.insert({-2, location + ": " + category + ": " + message}).second) return;
  std::string text = location + ": " + category + ": " + message + "\n";
  if (!source.empty()) text += "  " + source + "\n";
  if (on_stderr) on_stderr(text);
}

void Interpreter::warn_once(const std::string& message, const std::string& category) {
  if (impl_->warned.insert({-1, category + ": " + message}).second) warn(message, category);
}

void Interpreter::count_step() {
  if (++steps_ > limits_.max_steps)
    impl_->limit_error("RuntimeError", "step limit exceeded: the program ran more than " +
                                           std::to_string(limits_.max_steps) +
                                           " steps (the playground's limit; is there an infinite loop?)");
  if ((steps_ & 255) == 0) check_heap();
}

void Interpreter::check_heap() {
  // Measured from where this run started: the module's other sessions and a previous run's world
  // are not this program's.
  if (heap_bytes_in_use() > heap_baseline_ + limits_.max_heap_bytes)
    impl_->limit_error("MemoryError", "the program holds more than " + std::to_string(limits_.max_heap_bytes >> 20) +
                                          " MiB of memory (the playground's limit)");
}

void Interpreter::Impl::count_steps(int64_t n) {
  if (((in.steps_ + n) >> 8) != (in.steps_ >> 8)) in.check_heap();  // crossed a multiple of 256
  in.steps_ += n;
  if (in.steps_ > in.limits_.max_steps) {
    in.steps_ -= 1;
    in.count_step();
  }
}

void Interpreter::Impl::charge_str(double bytes) {
  if (bytes > double(in.limits_.max_str_bytes))
    limit_error("MemoryError", "the program built a string of more than " + std::to_string(in.limits_.max_str_bytes >> 20) +
                                   " MiB (the playground's limit)");
}

void Interpreter::Impl::charge_items(double items) {
  if (items > double(in.limits_.max_items))
    limit_error("MemoryError", "the program built a list of more than " + std::to_string(in.limits_.max_items) +
                                   " items (the playground's limit)");
}

Interpreter::RecursionScope::RecursionScope(Interpreter& in, const char* where) : in_(in) {
  if (in.native_depth_ >= in.limits_.max_native_depth)
    in.impl_->throw_error("RecursionError", std::string("maximum recursion depth exceeded") + where);
  ++in.native_depth_;
}

void Interpreter::enter_call() {
  if (depth_ >= limits_.max_recursion) impl_->throw_error("RecursionError", "maximum recursion depth exceeded");
  ++depth_;
}

void Interpreter::Impl::limit_error(const std::string& type, const std::string& message) {
  PyException e = make_error(type, message);
  e.uncatchable = true;
  throw e;
}

std::string Interpreter::source_line(int line) const {
  const auto& lines = impl_->source_lines;
  if (line < 1 || size_t(line) > lines.size()) return "";
  return lines[size_t(line) - 1];
}

const std::vector<std::string>& Interpreter::global_names() const { return impl_->global_order; }

ObjPtr Interpreter::global(const std::string& name) const {
  auto it = impl_->globals->vars.find(name);
  return it == impl_->globals->vars.end() ? nullptr : it->second;
}

std::vector<Interpreter::CallFrame> Interpreter::call_frames() const {
  std::vector<CallFrame> out;
  for (const Frame* f = impl_->frame; f && f->function && f->scope; f = f->caller) {
    CallFrame cf;
    cf.name = f->function->qualname.empty() ? f->name : f->function->qualname;
    const auto& vars = f->scope->vars;
    std::set<std::string> listed;
    auto add = [&](const std::string& name) {
      auto it = vars.find(name);
      if (it == vars.end() || !it->second || !listed.insert(name).second) return;
      cf.locals.push_back({name, it->second});
    };
    if (f->function->code) for (const Param& p : f->function->code->params) add(p.name);
    std::vector<std::string> rest;
    for (const auto& [name, value] : vars) rest.push_back(name);
    std::sort(rest.begin(), rest.end());
    for (const std::string& name : rest) add(name);
    out.push_back(std::move(cf));
  }
  std::reverse(out.begin(), out.end());
  return out;
}

// ---------------------------------------------------------------- running programs

namespace {
std::vector<std::string> split_lines(const std::string& src) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : src) {
    if (c == '\n') { out.push_back(cur); cur.clear(); }
    else if (c != '\r') cur += c;
  }
  out.push_back(cur);
  return out;
}

// PEP 3120: source is UTF-8; CPython's tokenizer refuses other bytes with this text.
void check_utf8_source(const std::string& source, const std::string& filename) {
  size_t bad = first_invalid_utf8(source);
  if (bad == std::string::npos) return;
  int line = 1;
  for (size_t i = 0; i < bad; ++i) line += source[i] == '\n';
  char byte[8];
  snprintf(byte, sizeof byte, "\\x%.2x", unsigned(uint8_t(source[bad])));
  throw SyntaxErrorInfo("SyntaxError", std::string("Non-UTF-8 code starting with '") + byte + "' in file " + filename +
                                           " on line " + std::to_string(line) +
                                           ", but no encoding declared; see https://peps.python.org/pep-0263/ for details",
                        line, 0);
}

PyException syntax_exception(Interpreter& in, const SyntaxErrorInfo& s) {
  PyException e(std::static_pointer_cast<ExceptionObj>(in.make_exception(s.type, s.message, {in.make_str(s.message)})));
  e.is_syntax_error = s.type != "RecursionError";
  e.syntax_line = s.line;
  e.syntax_col = s.col;
  return e;
}
}  // namespace

// What a program and a REPL input share: the source lines for tracebacks, the modules (installed
// once), and the parse (UTF-8 first); the program is kept alive for the functions it defines.
Program& Interpreter::load(const std::string& source) {
  impl_->source_lines = split_lines(source);
  if (!impl_->modules_installed) {
    impl_->modules_installed = true;
    install_std_modules(*this);
    lib::install_modules(*this);
  }
  std::unique_ptr<Program> prog;
  try {
    check_utf8_source(source, filename_);
    prog = parse_program(source, limits_.max_nesting);
  } catch (const SyntaxErrorInfo& s) {
    current_line_ = s.line;
    throw syntax_exception(*this, s);
  }
  impl_->frame = &impl_->module_frame;
  depth_ = 0;
  impl_->programs.push_back(std::move(prog));
  return *impl_->programs.back();
}

void Interpreter::exec_source(const std::string& source, const std::string& filename) {
  filename_ = filename;
  heap_baseline_ = heap_bytes_in_use();
  Program& prog = load(source);
  impl_->exec_block(prog.body);
}

std::string Interpreter::exec_repl(const std::string& source, const std::string& filename) {
  if (filename_.empty()) filename_ = filename;
  // REPL lines get their own numbering; keep them for warnings/tracebacks of this input.
  Program& prog = load(source);
  std::string echo;
  for (auto& st : prog.body) {
    if (st->kind == StmtKind::Expr) {
      // An expression statement echoes its repr (None echoes nothing), like Python's REPL.
      ObjPtr v;
      current_line_ = st->line;
      try {
        impl_->frame->failing = nullptr;
        count_step();
        v = impl_->eval(*static_cast<ExprStmt&>(*st).value);
      } catch (PyException& e) {
        impl_->add_traceback(e, *st);
        if (!e.reported) { e.reported = true; impl_->fire_event(*st, &e); }
        throw;
      } catch (const std::exception& ex) {
        bool ok;
        PyException e = impl_->convert(ex, ok);
        impl_->add_traceback(e, *st);
        e.reported = true;
        impl_->fire_event(*st, &e);
        throw e;
      }
      impl_->fire_event(*st, nullptr);
      if (v && v->kind != Kind::None) {
        echo = repr(v);
      } else {
        echo.clear();
      }
    } else {
      impl_->exec(*st);
      echo.clear();
    }
  }
  return echo;
}

}  // namespace tp::interp
